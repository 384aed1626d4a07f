/**
 * The text side of the results list (behaviour.md, "Search"). The matches are pdf.js's own (its find controller's
 * `pageMatches`, the same that it counts and highlights); what a row adds is a line of the page's
 * text around its match, read here through `getTextContent()` for the pages whose rows are shown.
 *
 * No pdf.js at run time here (jest cannot load it): the document is handed in.
 */
import { stripInvisible } from '../sanitizeText';
import type { PDFDocumentProxy } from './pdfjs';

/** What this file reads of a pdf.js text content item (marked-content items have no `str`). */
export interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/**
 * A page's text as pdf.js's find controller builds it (`getTextContent({ disableNormalization:
 * true })`, each item's string, a line break after items that end a line). Line breaks inside an
 * item's string become spaces, so every line break here is one pdf.js added (see `rawRange`).
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

/** A stretch of a page's text. */
export interface TextRange {
  start: number;
  length: number;
}

/**
 * Where pdf.js's match (`offset`, `length` from its `pageMatches` / `pageMatchesLength`) lies in
 * the page text. pdf.js counts in the items' strings alone, as its text layer holds them, without
 * the line breaks it adds to find text across lines; this puts them back.
 */
export function rawRange(raw: string, offset: number, length: number): TextRange {
  let counted = 0;
  let start = -1;
  const last = offset + Math.max(1, length) - 1;
  for (let i = 0; i < raw.length; i += 1) {
    if (raw.charCodeAt(i) === 0x0a) continue;
    if (counted === offset) start = i;
    if (counted === last) return { start, length: i + 1 - start };
    counted += 1;
  }
  return start < 0 ? { start: raw.length, length: 0 } : { start, length: raw.length - start };
}

/** What a results row shows: the match and the text around it on its line. */
export interface HitContext {
  before: string;
  match: string;
  after: string;
}

/** Text to show, never to reorder or hide what it says (the one sanitiser's rules). */
function clean(text: string): string {
  return stripInvisible(text).replace(/\s+/gu, ' ');
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
export function contextOf(raw: string, match: TextRange): HitContext {
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

/** Where the text comes from: the open document, one page at a time. */
export interface PageTextSource {
  /** The raw text of page `n` (1-based); rejects when the page cannot be read. */
  pageText(page: number): Promise<string>;
  /** The text, when it has been read already. */
  peek(page: number): string | undefined;
}

/**
 * The open document's text for the results rows, read page by page through pdf.js (only pages
 * whose rows are shown) and kept per document.
 */
const sources = new WeakMap<PDFDocumentProxy, PageTextSource>();

export function pdfTextSource(pdf: PDFDocumentProxy): PageTextSource {
  const known = sources.get(pdf);
  if (known) return known;
  const pending = new Map<number, Promise<string>>();
  const read = new Map<number, string>();
  const source: PageTextSource = {
    pageText(page) {
      const done = read.get(page);
      if (done !== undefined) return Promise.resolve(done);
      let text = pending.get(page);
      if (!text) {
        // The same options as pdf.js's find controller, so offsets agree with its matches.
        text = pdf
          .getPage(page)
          .then((proxy) => proxy.getTextContent({ disableNormalization: true }))
          .then((content) => pageText(content.items));
        pending.set(page, text);
        // A page that failed is asked again next time (it may have been a transient error).
        void text.then(
          (value) => {
            read.set(page, value);
            pending.delete(page);
          },
          () => pending.delete(page),
        );
      }
      return text;
    },
    peek: (page) => read.get(page),
  };
  sources.set(pdf, source);
  return source;
}
