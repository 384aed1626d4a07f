/**
 * Finding a query in a document's text, page by page, for the results list (issue 4). The count
 * and the highlights on the pages are pdf.js's (its find controller); this file finds the same
 * matches again in our own extraction of the text, so that each can be listed with its page and a
 * line of context. It follows pdf.js's rules for what matches (see `normalizeText`), and uses
 * exactly the page text pdf.js's find controller builds, so that a listed match and pdf.js's match
 * start at the same offset and a click on one can select the other.
 *
 * No pdf.js at run time here (jest cannot load it): the document comes in as a `PageTextSource`.
 */

/** What this file reads of a pdf.js text content item (marked-content items have no `str`). */
export interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/**
 * A page's text as pdf.js's find controller builds it (`getTextContent({ disableNormalization:
 * true })`, each item's string, a line break after items that end a line). Line breaks inside an
 * item's string become spaces, so every line break here is one pdf.js added: see `pdfOffsets`.
 */
export function pageText(items: readonly unknown[]): string {
  let text = '';
  for (const item of items as readonly TextItemLike[]) {
    if (typeof item.str !== 'string') continue;
    text += item.str.replace(/\n/g, ' ');
    if (item.hasEOL) text += '\n';
  }
  return text;
}

/**
 * pdf.js's offsets for these positions of the page text. pdf.js counts its matches (its
 * `pageMatches`) in the items' strings alone, as its text layer holds them, without the line
 * breaks it adds to search across lines; `starts` must be in ascending order.
 */
export function pdfOffsets(raw: string, starts: readonly number[]): number[] {
  let breaks = 0;
  let at = 0;
  return starts.map((start) => {
    for (; at < start; at += 1) if (raw.charCodeAt(at) === 0x0a) breaks += 1;
    return start - breaks;
  });
}

export interface MatchOptions {
  caseSensitive: boolean;
  entireWord: boolean;
}

/** Typographic characters pdf.js's find folds to plain ones (`CHARACTERS_TO_NORMALIZE`). */
const FOLDED: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u00BC': '1/4',
  '\u00BD': '1/2',
  '\u00BE': '3/4',
};

const MARKS = /\p{M}/gu;
const LOWER = /^\p{Ll}$/u;
const UPPER = /^\p{Lu}$/u;
const LETTER = /^\p{L}$/u;
const CJK = /^(?:\p{Ideographic}|[\u3040-\u30FF])$/u;
const WORD = /^[\p{L}\p{N}_]$/u;

/** One character as search sees it: folded, compatibility forms split (ligatures), no accents. */
function fold(char: string): string {
  return (FOLDED[char] ?? char.normalize('NFKD')).replace(MARKS, '');
}

function codePointAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

export interface NormalizedText {
  text: string;
  /** For each UTF-16 unit of `text`, where it came from in the raw text; one more for the end. */
  map: Uint32Array;
}

/**
 * The text as search compares it, with pdf.js's rules: a word broken at a line end by a hyphen
 * is joined ("sear-\nch" → "search"), another hyphen at a line end stays without the break, a
 * line break after CJK text disappears and any other becomes a space; accents are ignored,
 * ligatures are letters, typographic quotes are plain quotes.
 */
export function normalizeText(raw: string): NormalizedText {
  const out: string[] = [];
  const from: number[] = [];
  let previous = '';
  const emit = (text: string, at: number) => {
    for (let i = 0; i < text.length; i += 1) {
      out.push(text.charAt(i));
      from.push(at);
    }
    if (text !== '') previous = codePointAt(text, text.length - 1);
  };
  for (let i = 0; i < raw.length;) {
    const code = raw.charCodeAt(i);
    // Plain ASCII (most text) needs no folding.
    if (code < 0x80 && code !== 0x2d && code !== 0x0a) {
      out.push(raw.charAt(i));
      from.push(i);
      previous = raw.charAt(i);
      i += 1;
      continue;
    }
    const char = codePointAt(raw, i);
    if (char === '-' && raw.charAt(i + 1) === '\n') {
      const next = codePointAt(raw, i + 2);
      const brokenWord =
        (LOWER.test(previous) && LOWER.test(next)) || (UPPER.test(previous) && LETTER.test(next));
      if (!brokenWord) emit('-', i);
      i += 2;
      continue;
    }
    if (char === '\n') {
      if (!CJK.test(previous)) emit(' ', i);
      i += 1;
      continue;
    }
    emit(fold(char), i);
    i += char.length;
  }
  const map = new Uint32Array(from.length + 1);
  map.set(from);
  map[from.length] = raw.length;
  return { text: out.join(''), map };
}

/** The query as search compares it: folded like the text, trimmed. */
export function normalizeQuery(query: string): string {
  return Array.from(query.trim(), fold).join('').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A match in a page's raw text. */
export interface TextMatch {
  start: number;
  length: number;
}

export interface Matcher {
  readonly query: string;
  readonly options: MatchOptions;
  find(raw: string): TextMatch[];
}

function isWordAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  return WORD.test(text.charAt(index));
}

const MARK = /^\p{M}$/u;

/** Where the raw character at `index` ends, its combining marks included. */
function rawEnd(raw: string, index: number): number {
  let end = index + codePointAt(raw, index).length;
  while (end < raw.length && MARK.test(raw.charAt(end))) end += 1;
  return end;
}

/**
 * A matcher for the query, or undefined when there is nothing to look for. Spaces in the query
 * match any run of spaces (and line breaks) in the text; case is ignored unless `caseSensitive`;
 * `entireWord` wants no letter or digit right before or after the match.
 */
export function createMatcher(query: string, options: MatchOptions): Matcher | undefined {
  const normalized = normalizeQuery(query);
  if (normalized === '') return undefined;
  const source = normalized
    .split(/\s+/u)
    .map((part) => escapeRegExp(part))
    .join(' +');
  const flags = options.caseSensitive ? 'gu' : 'giu';
  return {
    query,
    options,
    find(raw) {
      const { text, map } = normalizeText(raw);
      const expression = new RegExp(source, flags);
      const matches: TextMatch[] = [];
      for (const found of text.matchAll(expression)) {
        const begin = found.index;
        const end = begin + found[0].length;
        if (
          options.entireWord &&
          ((isWordAt(text, begin - 1) && isWordAt(text, begin)) ||
            (isWordAt(text, end - 1) && isWordAt(text, end)))
        ) {
          continue;
        }
        const start = map[begin] ?? 0;
        matches.push({ start, length: rawEnd(raw, map[end - 1] ?? start) - start });
      }
      return matches;
    },
  };
}

/** What a results row shows: the match and the text around it on its line. */
export interface HitContext {
  before: string;
  match: string;
  after: string;
}

/** Control and bidi-override characters: text to show, never to reorder or hide what it says. */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function clean(text: string): string {
  return text.replace(INVISIBLE, '').replace(LONE_SURROGATE, '').replace(/\s+/gu, ' ');
}

/**
 * Characters of context kept before and after a match. A row shows one line of about 30
 * characters, so little goes before the match, which must stay in view; the rest is cut by CSS.
 */
export const CONTEXT = { before: 20, after: 80 };

/**
 * The match and up to `CONTEXT` characters on each side, cut at a space where one is near, with
 * "…" where the text goes on. Plain strings, shown as text.
 */
export function contextOf(raw: string, match: TextMatch): HitContext {
  const end = match.start + match.length;
  let from = Math.max(0, match.start - CONTEXT.before);
  if (from > 0) {
    const space = raw.slice(from, match.start).search(/\s/u);
    if (space >= 0) from += space + 1;
  }
  let to = Math.min(raw.length, end + CONTEXT.after);
  if (to < raw.length) {
    const tail = raw.slice(end, to);
    const space = Math.max(tail.lastIndexOf(' '), tail.lastIndexOf('\n'));
    if (space > 0) to = end + space;
  }
  return {
    before: `${from > 0 ? '…' : ''}${clean(raw.slice(from, match.start)).trimStart()}`,
    match: clean(raw.slice(match.start, end)),
    after: `${clean(raw.slice(end, to)).trimEnd()}${to < raw.length ? '…' : ''}`,
  };
}

/** One listed match. */
export interface Hit extends TextMatch, HitContext {
  /** pdf.js's offset of the match (see `pdfOffsets`). */
  offset: number;
  /** `<page>:<offset>`: unique, and the id of pdf.js's match at that offset. */
  id: string;
  /** 1-based. */
  page: number;
  /** The match's place among its page's matches, 0-based. */
  indexOnPage: number;
}

export function hitId(page: number, offset: number): string {
  return `${page}:${offset}`;
}

/** Where the text comes from: the open document, one page at a time. */
export interface PageTextSource {
  readonly pageCount: number;
  /** The raw text of page `n` (1-based); rejects when the page cannot be read. */
  pageText(page: number): Promise<string>;
}

export interface SearchProgress {
  /** The listed matches, in document order; at most `maxHits`. */
  hits: Hit[];
  /** Every match found so far, listed or not. */
  total: number;
  pagesWithHits: number;
  /** Pages searched so far, from the first. */
  pagesSearched: number;
  pageCount: number;
  done: boolean;
  /** Pages whose text could not be read (searched as empty). */
  failedPages: number[];
}

export interface SearchRun {
  signal: AbortSignal;
  /** Called after each page with the progress so far (the same object, updated in place). */
  onProgress: (progress: SearchProgress) => void;
  /** More matches are counted but not listed. */
  maxHits?: number;
  /** Pages whose text is asked for ahead of the one being searched (the worker stays busy). */
  readAhead?: number;
  /** Longest stretch of work between two yields to the browser, in ms. */
  sliceMs?: number;
}

/** Lets the browser handle input and paint: `scheduler.yield()` where there is one. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  // A message is not clamped to 4 ms as nested timeouts are; jsdom has no MessageChannel.
  if (typeof MessageChannel === 'undefined') {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

export const MAX_HITS = 10_000;

/**
 * Searches every page in order, reporting after each one; stops as soon as `signal` aborts (the
 * query changed, the bar closed). Text already read comes from the source's cache, so only the
 * matching costs time then, and it yields to the browser every `sliceMs`. Resolves with the
 * final progress, or undefined when aborted.
 */
export async function searchDocument(
  source: PageTextSource,
  matcher: Matcher,
  { signal, onProgress, maxHits = MAX_HITS, readAhead = 1, sliceMs = 12 }: SearchRun,
): Promise<SearchProgress | undefined> {
  const progress: SearchProgress = {
    hits: [],
    total: 0,
    pagesWithHits: 0,
    pagesSearched: 0,
    pageCount: source.pageCount,
    done: false,
    failedPages: [],
  };
  const pending = new Map<number, Promise<string>>();
  const ask = (page: number) => {
    if (page > source.pageCount || pending.has(page)) return;
    const text = source.pageText(page);
    void text.catch(() => undefined); // read (and reported) when its turn comes
    pending.set(page, text);
  };
  // A call, not a property read: the signal can abort while this function awaits.
  const aborted = () => signal.aborted;
  let slice = performance.now();
  for (let page = 1; page <= source.pageCount; page += 1) {
    if (aborted()) return undefined;
    for (let ahead = page; ahead <= page + readAhead; ahead += 1) ask(ahead);
    let raw = '';
    try {
      raw = await (pending.get(page) ?? source.pageText(page));
    } catch {
      progress.failedPages.push(page);
    }
    pending.delete(page);
    if (aborted()) return undefined;
    const matches = matcher.find(raw);
    const listed = matches.slice(0, Math.max(0, maxHits - progress.hits.length));
    const offsets = pdfOffsets(
      raw,
      listed.map((match) => match.start),
    );
    listed.forEach((match, indexOnPage) => {
      const offset = offsets[indexOnPage] ?? match.start;
      progress.hits.push({
        ...match,
        ...contextOf(raw, match),
        offset,
        id: hitId(page, offset),
        page,
        indexOnPage,
      });
    });
    progress.total += matches.length;
    if (matches.length > 0) progress.pagesWithHits += 1;
    progress.pagesSearched = page;
    progress.done = page === source.pageCount;
    onProgress(progress);
    if (performance.now() - slice > sliceMs) {
      await yieldToBrowser();
      slice = performance.now();
    }
  }
  progress.done = true;
  return progress;
}
