/**
 * The find bar's side of pdf.js's find controller (contracts §6), framework-free: the search
 * model's effects drive it (the bar shown or gone, the query and options, a step, a listed match)
 * and take what pdf.js says of the search (pending, count, settled) from `findEvents`, a redux-saga
 * event channel. Queries and steps go to the engine's event bus as `find` events; pdf.js does the
 * searching: it highlights every match with the current one distinct, counts as it goes through
 * the document, and scrolls the current match into view.
 */
import { buffers, eventChannel } from 'redux-saga';
import type { EventChannel } from 'redux-saga';
import { hitId, IDLE, NO_RESULTS } from '../../domain/search';
import type { FindQuery, FindStatus, Hit, SearchResults } from '../../domain/search';
import type { Engine } from './engine';
import { followResults } from './findResults';

/** pdf.js's `FindState`, mirrored here (jest cannot load pdf.js). */
export const FIND_STATE = { FOUND: 0, NOT_FOUND: 1, WRAPPED: 2, PENDING: 3 } as const;

/** What pdf.js says of the search, for the search model. */
export type FindEvent =
  /** Searching: a step keeps showing where it is; a new search (`fresh`) shows nothing of the last. */
  | { kind: 'pending'; fresh: boolean }
  | { kind: 'counted'; count: Pick<FindStatus, 'current' | 'total' | 'selectedId'> }
  /** Settled (found, not found, wrapped), or IDLE once the bar has gone. */
  | { kind: 'settled'; status: FindStatus }
  /** The results list as pdf.js's matches stand (findResults.ts), or none once the bar has gone. */
  | { kind: 'results'; results: SearchResults };

/** What pdf.js's `updatefindmatchescount` / `updatefindcontrolstate` events carry. */
interface MatchesCountEvent {
  matchesCount?: { current: number; total: number };
}
interface ControlStateEvent extends MatchesCountEvent {
  state: number;
}

/** The find types pdf.js's own find bar sends (web/pdf_find_bar.js). */
type FindType = '' | 'again' | 'casesensitivitychange' | 'entirewordchange';

/**
 * pdf.js starts a search over, from the current page and at once, when an option changes; sent
 * with the options unchanged, this is how a search restarts (on opening, on a new document, and
 * to reach a listed match). `''` (typing) restarts too, after pdf.js's 250 ms typing pause.
 */
const RESTART: FindType = 'casesensitivitychange';

function stateName(state: number): FindStatus['state'] {
  switch (state) {
    case FIND_STATE.FOUND:
      return 'found';
    case FIND_STATE.NOT_FOUND:
      return 'notFound';
    case FIND_STATE.WRAPPED:
      return 'wrapped';
    default:
      return 'pending';
  }
}

/** pdf.js's current match, as the id the results list gives it. */
function selectedId(engine: Engine): string | undefined {
  const { findController } = engine;
  const selected = findController.selected;
  if (!selected || selected.pageIdx < 0 || selected.matchIdx < 0) return undefined;
  const offsets = findController.pageMatches?.[selected.pageIdx] as number[] | undefined;
  const offset = offsets?.[selected.matchIdx];
  return typeof offset === 'number' ? hitId(selected.pageIdx + 1, offset) : undefined;
}

export interface Finder {
  /** The bar is shown over this engine (undefined: none yet): pdf.js's events are followed. */
  show: (engine: Engine | undefined) => void;
  /** The bar has gone (or its engine): pdf.js's search closes, its highlights go. */
  hide: () => void;
  /** The query and options now: typing waits for pdf.js's typing pause, option changes restart now. */
  search: (find: FindQuery) => void;
  /** Enter / F3 / the buttons: the next (or previous) match. */
  step: (previous: boolean) => void;
  /** A click in the results list: this match becomes the current one. */
  goTo: (hit: Hit) => void;
  /** pdf.js's word on the search; returns the unsubscriber. */
  listen: (listener: (event: FindEvent) => void) => () => void;
}

/**
 * Hiding waits a tick before closing: React's development remount (the bar's cleanup, then the
 * same mount at once) keeps the search running instead of restarting it, because pdf.js 6.5
 * cannot take a second search while page 1's text is still pending ("There can only be one
 * pending page").
 */
export function createFinder(): Finder {
  let engine: Engine | undefined;
  let unbind: (() => void) | undefined;
  // What the engine was last asked, to tell which option changed.
  let sent: (FindQuery & { engine: Engine }) | undefined;
  // The latest click in the results list; an older one still settling gives up.
  let navigation = 0;
  // A new query or new options: until pdf.js answers, the count it reports is the old search's.
  let fresh = false;
  let closing: { engine: Engine; timer: ReturnType<typeof setTimeout> } | undefined;
  const listeners = new Set<(event: FindEvent) => void>();
  const emit = (event: FindEvent) => {
    listeners.forEach((listener) => {
      listener(event);
    });
  };

  const send = (type: FindType, findPrevious = false, newSearch = false) => {
    if (!engine || !sent) return;
    if (newSearch) fresh = true;
    engine.eventBus.dispatch('find', {
      source: engine,
      type,
      query: sent.query,
      caseSensitive: sent.caseSensitive,
      entireWord: sent.entireWord,
      highlightAll: true,
      findPrevious,
      matchDiacritics: false,
    });
  };

  const bind = (shown: Engine) => {
    if (closing?.engine === shown) clearTimeout(closing.timer);
    closing = undefined;
    const { eventBus } = shown;
    const onCount = ({ matchesCount }: MatchesCountEvent) => {
      emit({
        kind: 'counted',
        count: {
          current: matchesCount?.current ?? 0,
          total: matchesCount?.total ?? 0,
          selectedId: selectedId(shown),
        },
      });
    };
    const onState = ({ state, matchesCount }: ControlStateEvent) => {
      if (state === FIND_STATE.PENDING) {
        emit({ kind: 'pending', fresh });
        return;
      }
      fresh = false;
      emit({
        kind: 'settled',
        status: {
          state: stateName(state),
          current: matchesCount?.current ?? 0,
          total: matchesCount?.total ?? 0,
          selectedId: selectedId(shown),
        },
      });
    };
    // The list first: it must hear the first search sent.
    const stopResults = followResults(shown, (results) => {
      emit({ kind: 'results', results });
    });
    eventBus.on('updatefindmatchescount', onCount);
    eventBus.on('updatefindcontrolstate', onState);
    return () => {
      stopResults();
      eventBus.off('updatefindmatchescount', onCount);
      eventBus.off('updatefindcontrolstate', onState);
      navigation += 1;
      const timer = setTimeout(() => {
        if (sent?.engine === shown) sent = undefined;
        eventBus.dispatch('findbarclose', { source: shown });
        // The bar is gone (not another document's search begun): the next one starts from nothing.
        if (sent === undefined) {
          emit({ kind: 'results', results: NO_RESULTS });
          emit({ kind: 'settled', status: IDLE });
        }
      }, 0);
      closing = { engine: shown, timer };
    };
  };

  const hide = () => {
    unbind?.();
    unbind = undefined;
    engine = undefined;
  };

  return {
    show(shown) {
      hide();
      engine = shown;
      if (shown) unbind = bind(shown);
    },
    hide,
    search({ query: typed, caseSensitive, entireWord }) {
      if (!engine) return;
      const query = typed.trim();
      const before = sent;
      sent = { engine, query, caseSensitive, entireWord };
      if (query === '') {
        // Clears pdf.js's highlights of the previous query.
        if (before && before.query !== '') send(RESTART, false, true);
        return;
      }
      if (before?.engine !== engine) send(RESTART, false, true);
      else if (before.query !== query) send('', false, true);
      else if (before.caseSensitive !== caseSensitive) send('casesensitivitychange', false, true);
      else if (before.entireWord !== entireWord) send('entirewordchange', false, true);
    },
    step(previous) {
      if (!sent || sent.query === '') return;
      navigation += 1;
      send('again', previous);
    },
    goTo(hit) {
      const shown = engine;
      if (!shown || !sent || sent.query === '' || shown.viewer.pagesCount === 0) return;
      const { eventBus, findController } = shown;
      const ticket = (navigation += 1);
      const onPage = findController.pageMatches?.[hit.page - 1] as number[] | undefined;
      // From the page's first match forwards, or from its last one backwards, whichever is nearer.
      const backwards = hit.indexOnPage >= (onPage?.length ?? 0) / 2;
      const settled = (event: ControlStateEvent) => {
        if (event.state === FIND_STATE.PENDING) return;
        eventBus.off('updatefindcontrolstate', settled);
        const selected = findController.selected;
        if (ticket !== navigation || selected?.pageIdx !== hit.page - 1) return;
        const steps = hit.indexOnPage - selected.matchIdx;
        for (let i = 0; i < Math.abs(steps); i += 1) send('again', steps < 0);
      };
      // A restart begins at the current page: make it the hit's page first.
      shown.setPage(hit.page);
      send(RESTART, backwards);
      eventBus.on('updatefindcontrolstate', settled);
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one finder (one find bar, over the document on screen). */
export const pdfFinder = createFinder();

/** pdf.js's word on the search as an event channel, which the search model's `find` effect takes from. */
export function findEvents(finder: Pick<Finder, 'listen'>): EventChannel<FindEvent> {
  // Every event is kept until the effect takes it: a count must not overtake its pending state.
  return eventChannel<FindEvent>((emit) => finder.listen(emit), buffers.expanding<FindEvent>());
}
