/**
 * Search in a view-only document (docs/decisions/2026-11-29-view-only-viewer.md): the find bar's
 * queries run over the server's page texts (pageTexts.ts) instead of pdf.js's, and say the same
 * things as pdf.js's find controller does (services/pdf/find.ts `FindEvent`), so the search
 * model, the bar and the results list are the same. Matches are highlighted on the page images.
 */
import { hitId, IDLE, NO_RESULTS } from '../../domain/search';
import type { FindQuery, FindStatus, Hit } from '../../domain/search';
import type { FindEvent } from '../pdf/find';
import { collect, FLUSH_MS } from '../pdf/findResults';
import type { ImageEngine, PageHits } from './imageEngine';
import { boxesOf } from './pageTexts';
import type { PageTexts, PageWords } from './pageTexts';

/** Pages whose texts are asked for at once. */
const READ_AHEAD = 4;

interface Match {
  offset: number;
  length: number;
}

/** Word characters for "whole words" (letters, digits, underscore, in any script). */
const WORD = String.raw`[\p{L}\p{N}_]`;

/**
 * The query as a pattern over a page's text: literal, any run of spaces matching any run of
 * white space, as pdf.js's normalised search does. Undefined for an empty query.
 */
export function queryPattern({ query, caseSensitive, entireWord }: FindQuery): RegExp | undefined {
  const words = query.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return undefined;
  const literal = words
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(String.raw`\s+`);
  const source = entireWord ? `(?<!${WORD})${literal}(?!${WORD})` : literal;
  return new RegExp(source, caseSensitive ? 'gu' : 'giu');
}

export function matchesIn(raw: string, pattern: RegExp): Match[] {
  const found: Match[] = [];
  for (const match of raw.matchAll(pattern)) {
    if (match[0].length > 0) found.push({ offset: match.index, length: match[0].length });
  }
  return found;
}

export interface ImageFinder {
  show: (engine: ImageEngine | undefined, texts: PageTexts | undefined) => void;
  hide: () => void;
  search: (find: FindQuery) => void;
  step: (previous: boolean) => void;
  goTo: (hit: Hit) => void;
  listen: (listener: (event: FindEvent) => void) => () => void;
}

export function createImageFinder(): ImageFinder {
  let engine: ImageEngine | undefined;
  let texts: PageTexts | undefined;
  let query: FindQuery | undefined;
  // Bumped by every new search (and hide): an older one still reading pages stops.
  let generation = 0;
  // Per page (0-based): its matches once searched, undefined before.
  let matches: (Match[] | undefined)[] = [];
  let selected: { page: number; index: number } | undefined;
  let wrapped = false;
  let flushAt = 0;
  const listeners = new Set<(event: FindEvent) => void>();
  const emit = (event: FindEvent) => {
    listeners.forEach((listener) => {
      listener(event);
    });
  };

  const pageCount = () => engine?.pageCount ?? 0;
  const total = () => matches.reduce((sum, page) => sum + (page?.length ?? 0), 0);
  const ordinal = () => {
    if (!selected) return 0;
    let before = 0;
    for (let i = 0; i < selected.page - 1; i += 1) before += matches[i]?.length ?? 0;
    return before + selected.index + 1;
  };
  const selectedOffset = () => selected && matches[selected.page - 1]?.[selected.index]?.offset;
  const selectedId = () => {
    const offset = selectedOffset();
    return selected && offset !== undefined ? hitId(selected.page, offset) : undefined;
  };
  const status = (state: FindStatus['state']): FindStatus => ({
    state,
    current: ordinal(),
    total: total(),
    selectedId: selectedId(),
  });
  const results = () => {
    const pageMatches = matches.map((page) => page?.map((m) => m.offset));
    const pageMatchesLength = matches.map((page) => page?.map((m) => m.length));
    return collect({ pageMatches, pageMatchesLength }, pageCount());
  };

  const draw = () => {
    if (!engine || !texts) return;
    const hits: PageHits[] = [];
    matches.forEach((found, index) => {
      const page = index + 1;
      const words = texts?.peekWords(page);
      if (!found || found.length === 0 || !words) return;
      const chosen = selected?.page === page ? selected.index : -1;
      const boxes = (list: Match[]) => list.flatMap((m) => boxesOf(words, m.offset, m.length));
      hits.push({ page, boxes: boxes(found.filter((_, i) => i !== chosen)), selected: false });
      const current = found.at(chosen);
      if (chosen >= 0 && current) hits.push({ page, boxes: boxes([current]), selected: true });
    });
    engine.highlight(hits);
  };

  const reveal = () => {
    const words = selected && texts?.peekWords(selected.page);
    const match = selected && matches[selected.page - 1]?.[selected.index];
    if (!engine || !selected || !words || !match) return;
    const box = boxesOf(words, match.offset, match.length).at(0);
    if (box) engine.scrollToBox(selected.page, box);
  };

  const report = (settled: boolean) => {
    const count = { current: ordinal(), total: total(), selectedId: selectedId() };
    emit({ kind: 'counted', count });
    const now = Date.now();
    if (settled || now >= flushAt) {
      flushAt = now + FLUSH_MS;
      emit({ kind: 'results', results: results() });
    }
    if (settled) {
      const state = total() === 0 ? 'notFound' : wrapped ? 'wrapped' : 'found';
      emit({ kind: 'settled', status: status(state) });
    }
  };

  // The first match at or after the page on screen; else, once every page is read, the first.
  const choose = (from: number, done: boolean) => {
    if (selected) return false;
    for (let page = from; page <= pageCount(); page += 1) {
      const found = matches[page - 1];
      if (found === undefined) return false;
      if (found.length > 0) {
        selected = { page, index: 0 };
        return true;
      }
    }
    if (!done) return false;
    const first = matches.findIndex((page) => (page?.length ?? 0) > 0);
    if (first < 0) return false;
    selected = { page: first + 1, index: 0 };
    wrapped = true;
    return true;
  };

  const run = async (pattern: RegExp) => {
    const ticket = (generation += 1);
    const shown = engine;
    const source = texts;
    if (!shown || !source) return;
    const start = shown.currentPage();
    matches = Array.from({ length: shown.pageCount }, () => undefined);
    selected = undefined;
    wrapped = false;
    flushAt = 0;
    emit({ kind: 'pending', fresh: true });
    let next = 1;
    const reading = new Map<number, Promise<PageWords | undefined>>();
    const ask = (page: number) => source.words(page).catch(() => undefined);
    for (let page = 1; page <= shown.pageCount; page += 1) {
      while (next <= shown.pageCount && next < page + READ_AHEAD) {
        reading.set(next, ask(next));
        next += 1;
      }
      const words = await reading.get(page);
      reading.delete(page);
      if (ticket !== generation) return;
      // A page whose text could not be read has no matches (as a page pdf.js cannot read).
      matches[page - 1] = words ? matchesIn(words.raw, pattern) : [];
      const done = page === shown.pageCount;
      if (choose(start, done)) {
        draw();
        reveal();
      } else if ((matches[page - 1]?.length ?? 0) > 0) {
        draw();
      }
      report(done);
    }
  };

  const clear = () => {
    generation += 1;
    matches = [];
    selected = undefined;
    query = undefined;
    engine?.highlight([]);
  };

  const hide = () => {
    const had = engine !== undefined;
    clear();
    engine = undefined;
    texts = undefined;
    if (had) {
      emit({ kind: 'results', results: NO_RESULTS });
      emit({ kind: 'settled', status: IDLE });
    }
  };

  return {
    show(shown, source) {
      if (shown === engine && source === texts) return;
      hide();
      engine = shown;
      texts = source;
    },
    hide,
    search(find) {
      if (!engine) return;
      const same =
        query?.query.trim() === find.query.trim() &&
        query.caseSensitive === find.caseSensitive &&
        query.entireWord === find.entireWord;
      if (same) return;
      const pattern = queryPattern(find);
      if (!pattern) {
        clear();
        emit({ kind: 'results', results: NO_RESULTS });
        emit({ kind: 'settled', status: IDLE });
        return;
      }
      query = find;
      void run(pattern);
    },
    step(previous) {
      const count = total();
      if (!selected || count === 0) return;
      let { page, index } = selected;
      wrapped = false;
      for (;;) {
        index += previous ? -1 : 1;
        if (index >= 0 && index < (matches[page - 1]?.length ?? 0)) break;
        page += previous ? -1 : 1;
        if (page < 1 || page > pageCount()) {
          page = previous ? pageCount() : 1;
          wrapped = true;
        }
        // Just outside the page's matches: the next turn of the loop steps onto its first or last.
        index = previous ? (matches[page - 1]?.length ?? 0) : -1;
      }
      selected = { page, index };
      draw();
      reveal();
      report(true);
    },
    goTo(hit) {
      if (!matches[hit.page - 1]?.[hit.indexOnPage]) return;
      selected = { page: hit.page, index: hit.indexOnPage };
      wrapped = false;
      draw();
      reveal();
      report(true);
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
