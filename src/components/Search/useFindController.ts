/**
 * The find bar's side of pdf.js's find controller (contracts §6): queries and steps go to the
 * engine's event bus as `find` events, and the count and state come back from it. pdf.js does the
 * searching: it highlights every match on the pages with the current one distinct, counts as it
 * goes through the document, and scrolls the current match into view.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { searchActions } from '../../models/search';
import { IDLE } from '../../models/search/state';
import type { FindStatus } from '../../models/search/state';
import type { Engine } from '../../services/pdf/engine';
import { hitId } from './textSearch';
import type { Hit } from './textSearch';

/** pdf.js's `FindState`, mirrored here (jest cannot load pdf.js). */
export const FIND_STATE = { FOUND: 0, NOT_FOUND: 1, WRAPPED: 2, PENDING: 3 } as const;

export interface FindQuery {
  query: string;
  caseSensitive: boolean;
  entireWord: boolean;
}

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

export interface FindController {
  status: FindStatus;
  /** Enter / F3 / the buttons: the next (or previous) match. */
  step: (previous: boolean) => void;
  /** A click in the results list: this match becomes the current one. */
  goTo: (hit: Hit) => void;
}

/**
 * Binds a query to the engine while the find bar is shown (mounted); unmounting it closes pdf.js's
 * search (its highlights go). Closing waits a tick: React's development remount (cleanup, then the
 * same effect at once) keeps the search running instead of restarting it, because pdf.js 6.5 cannot
 * take a second search while page 1's text is still pending ("There can only be one pending page").
 */
export function useFindController(engine: Engine | undefined, find: FindQuery): FindController {
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.search.status);
  const query = find.query.trim();
  const { caseSensitive, entireWord } = find;
  // What the engine was last asked, to tell which option changed.
  const sent = useRef<(FindQuery & { engine: Engine }) | undefined>(undefined);
  // The latest click in the results list; an older one still settling gives up.
  const navigation = useRef(0);

  // A new query or new options: until pdf.js answers, the count it reports is the old search's.
  const fresh = useRef(false);
  const closing = useRef<{ engine: Engine; timer: ReturnType<typeof setTimeout> } | undefined>(
    undefined,
  );

  const send = useCallback(
    (type: FindType, findPrevious = false, newSearch = false) => {
      if (!engine) return;
      if (newSearch) fresh.current = true;
      engine.eventBus.dispatch('find', {
        source: engine,
        type,
        query,
        caseSensitive,
        entireWord,
        highlightAll: true,
        findPrevious,
        matchDiacritics: false,
      });
    },
    [engine, query, caseSensitive, entireWord],
  );

  // Count and state from pdf.js; pdf.js's search closes (highlights gone) when the bar goes.
  useEffect(() => {
    if (!engine) return undefined;
    if (closing.current?.engine === engine) clearTimeout(closing.current.timer);
    closing.current = undefined;
    const { eventBus } = engine;
    const onCount = ({ matchesCount }: MatchesCountEvent) => {
      dispatch(
        searchActions.findCounted({
          current: matchesCount?.current ?? 0,
          total: matchesCount?.total ?? 0,
          selectedId: selectedId(engine),
        }),
      );
    };
    const onState = ({ state, matchesCount }: ControlStateEvent) => {
      if (state === FIND_STATE.PENDING) {
        // A step keeps showing where it is until pdf.js has moved; a new search shows nothing
        // of the last one's.
        dispatch(searchActions.findPending(fresh.current));
        return;
      }
      fresh.current = false;
      dispatch(
        searchActions.findSettled({
          state: stateName(state),
          current: matchesCount?.current ?? 0,
          total: matchesCount?.total ?? 0,
          selectedId: selectedId(engine),
        }),
      );
    };
    eventBus.on('updatefindmatchescount', onCount);
    eventBus.on('updatefindcontrolstate', onState);
    return () => {
      eventBus.off('updatefindmatchescount', onCount);
      eventBus.off('updatefindcontrolstate', onState);
      navigation.current += 1;
      const timer = setTimeout(() => {
        if (sent.current?.engine === engine) sent.current = undefined;
        eventBus.dispatch('findbarclose', { source: engine });
        // The bar is gone (not another document's search begun): the next one starts from nothing.
        if (sent.current === undefined) dispatch(searchActions.findSettled(IDLE));
      }, 0);
      closing.current = { engine, timer };
    };
  }, [engine, dispatch]);

  // The query and options: typing waits for pdf.js's typing pause, option changes restart now.
  useEffect(() => {
    if (!engine) return;
    const before = sent.current;
    sent.current = { engine, query, caseSensitive, entireWord };
    if (query === '') {
      // Clears pdf.js's highlights of the previous query.
      if (before && before.query !== '') send(RESTART, false, true);
      return;
    }
    if (before?.engine !== engine) send(RESTART, false, true);
    else if (before.query !== query) send('', false, true);
    else if (before.caseSensitive !== caseSensitive) send('casesensitivitychange', false, true);
    else if (before.entireWord !== entireWord) send('entirewordchange', false, true);
  }, [engine, query, caseSensitive, entireWord, send]);

  const step = useCallback(
    (previous: boolean) => {
      if (query === '') return;
      navigation.current += 1;
      send('again', previous);
    },
    [query, send],
  );

  const goTo = useCallback(
    (hit: Hit) => {
      if (!engine || query === '' || engine.viewer.pagesCount === 0) return;
      const { eventBus, findController } = engine;
      const ticket = (navigation.current += 1);
      const onPage = findController.pageMatches?.[hit.page - 1] as number[] | undefined;
      // From the page's first match forwards, or from its last one backwards, whichever is nearer.
      const backwards = hit.indexOnPage >= (onPage?.length ?? 0) / 2;
      const settled = (event: ControlStateEvent) => {
        if (event.state === FIND_STATE.PENDING) return;
        eventBus.off('updatefindcontrolstate', settled);
        const selected = findController.selected;
        if (ticket !== navigation.current || selected?.pageIdx !== hit.page - 1) return;
        const steps = hit.indexOnPage - selected.matchIdx;
        for (let i = 0; i < Math.abs(steps); i += 1) send('again', steps < 0);
      };
      // A restart begins at the current page: make it the hit's page first.
      engine.setPage(hit.page);
      send(RESTART, backwards);
      eventBus.on('updatefindcontrolstate', settled);
    },
    [engine, query, send],
  );

  return { status: query === '' ? IDLE : status, step, goTo };
}
