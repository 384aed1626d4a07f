/**
 * The results list: pdf.js's matches as its find controller finds them (`pageMatches`,
 * `pageMatchesLength`: public getters, what pdf.js's own text highlighter reads), so the list, the
 * count and the highlights always agree, and the document's text is read once, by pdf.js, page by
 * page in its worker. The list follows as pages are searched, at a reader's pace: the first match
 * at once, then at most every FLUSH_MS.
 */
import { hitId, NO_RESULTS } from '../../domain/search';
import type { Hit, SearchResults } from '../../domain/search';
import type { Engine } from './engine';

/** How often the list follows the search (the first match and the end go at once). */
export const FLUSH_MS = 120;

/** More matches are counted, not listed (the list stays light on a one-letter search). */
export const MAX_HITS = 10_000;

/** What this file reads of pdf.js's find controller. */
interface FindMatches {
  pageMatches?: readonly (readonly number[] | undefined)[];
  pageMatchesLength?: readonly (readonly number[] | undefined)[];
}

/** The list as pdf.js's find controller holds it now. */
export function collect(
  matches: FindMatches,
  pageCount: number,
  maxHits = MAX_HITS,
): SearchResults {
  const hits: Hit[] = [];
  let total = 0;
  let pagesWithHits = 0;
  let pagesSearched = 0;
  for (let index = 0; index < pageCount; index += 1) {
    const offsets = matches.pageMatches?.[index];
    if (!offsets) continue;
    pagesSearched += 1;
    if (offsets.length === 0) continue;
    pagesWithHits += 1;
    total += offsets.length;
    const lengths = matches.pageMatchesLength?.[index];
    const page = index + 1;
    for (let i = 0; i < offsets.length && hits.length < maxHits; i += 1) {
      const offset = offsets[i] ?? 0;
      hits.push({
        id: hitId(page, offset),
        page,
        indexOnPage: i,
        offset,
        length: lengths?.[i] ?? 0,
      });
    }
  }
  const status = pagesSearched >= pageCount ? 'done' : 'running';
  return { status, hits, total, pagesWithHits, pagesSearched, pageCount };
}

/** What pdf.js's `find` and `updatetextlayermatches` events carry, as far as read here. */
interface FindEvent {
  query?: unknown;
  caseSensitive?: boolean;
  entireWord?: boolean;
}
interface LayerMatchesEvent {
  pageIndex: number;
}

/**
 * Follows the engine's search and hands the list on as it changes (find.ts, while the find bar is
 * shown). Returns the unfollower.
 */
export function followResults(
  engine: Pick<Engine, 'eventBus' | 'findController' | 'pdf'>,
  onResults: (results: SearchResults) => void,
): () => void {
  const { eventBus, findController } = engine;
  const pageCount = engine.pdf.numPages;
  // From a new query until pdf.js starts searching it (it waits for a pause in typing, and for
  // the document), its matches are still the last query's: the list waits too. A restart on the
  // same query (a click in the list) finds the same matches: the list stays.
  let stale = true;
  let last = (findController as { state?: FindEvent | null }).state ?? undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shownHits = false;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const now = stale
      ? { ...NO_RESULTS, status: 'running' as const, pageCount }
      : collect(findController, pageCount);
    shownHits = now.total > 0;
    onResults(now);
  };
  const schedule = (urgent = false) => {
    if (urgent) flush();
    else timer ??= setTimeout(flush, FLUSH_MS);
  };
  const onFind = (event: FindEvent) => {
    const changed =
      !last ||
      last.query !== event.query ||
      last.caseSensitive !== event.caseSensitive ||
      last.entireWord !== event.entireWord;
    last = event;
    if (changed && !stale) {
      stale = true;
      schedule(true);
    }
  };
  const onLayerMatches = ({ pageIndex }: LayerMatchesEvent) => {
    // -1: pdf.js starts a search (or ends one) and redraws every page's highlights.
    if (pageIndex === -1) stale = false;
    if (!stale) schedule();
  };
  const onCount = () => {
    if (!stale) schedule(!shownHits);
  };
  eventBus.on('find', onFind);
  eventBus.on('updatetextlayermatches', onLayerMatches);
  eventBus.on('updatefindmatchescount', onCount);
  schedule();
  return () => {
    clearTimeout(timer);
    eventBus.off('find', onFind);
    eventBus.off('updatetextlayermatches', onLayerMatches);
    eventBus.off('updatefindmatchescount', onCount);
  };
}
