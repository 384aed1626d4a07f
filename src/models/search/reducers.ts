import type { Action } from '../../runtime';
import { MAX_QUERY_LENGTH } from './state';
import { IDLE } from './state';
import type { FindStatus, SearchResults, SearchState } from './state';

function capped(query: string): string {
  return Array.from(query).slice(0, MAX_QUERY_LENGTH).join('');
}

function opened(state: SearchState): SearchState {
  return { ...state, open: true, focusRequest: state.focusRequest + 1, openedByLink: false };
}

/** A step on a closed bar opens it with the keyboard in its box; the effects step pdf.js. */
function stepped(state: SearchState): SearchState {
  return state.open ? state : opened(state);
}

export const searchReducers = {
  /**
   * pdf.js is searching: a step keeps showing where it is until pdf.js has moved; a new search
   * (`true`) shows nothing of the last one's.
   */
  findPending: (state: SearchState, { payload: fresh }: Action<boolean>): SearchState => ({
    ...state,
    status: fresh ? { ...IDLE, state: 'pending' } : { ...state.status, state: 'pending' },
  }),
  /** pdf.js's count so far, and its current match. */
  findCounted: (
    state: SearchState,
    { payload }: Action<Pick<FindStatus, 'current' | 'total' | 'selectedId'>>,
  ): SearchState => ({ ...state, status: { ...state.status, ...payload } }),
  /** pdf.js settled (found, not found, wrapped), or the search closed (IDLE). */
  findSettled: (state: SearchState, { payload }: Action<FindStatus>): SearchState => ({
    ...state,
    status: payload,
  }),
  /** Opens the find bar (or, when open, asks for the keyboard in its box again). */
  /** Internal (find): the results list as pdf.js's matches stand now. */
  resultsChanged: (state: SearchState, { payload }: Action<SearchResults>): SearchState => ({
    ...state,
    results: payload,
  }),
  open: (state: SearchState): SearchState => opened(state),
  /** Opens the find bar on this query (the `#search=` deep link). */
  openWith: (state: SearchState, { payload }: Action<string>): SearchState => ({
    ...state,
    open: true,
    openedByLink: state.open ? state.openedByLink : true,
    query: capped(payload),
  }),
  close: (state: SearchState): SearchState => ({ ...state, open: false }),
  /** The Search control: opens a closed bar, closes an open one. */
  toggle: (state: SearchState): SearchState =>
    state.open ? { ...state, open: false } : opened(state),
  setQuery: (state: SearchState, { payload }: Action<string>): SearchState => ({
    ...state,
    query: capped(payload),
  }),
  setCaseSensitive: (state: SearchState, { payload }: Action<boolean>): SearchState => ({
    ...state,
    caseSensitive: payload,
  }),
  setEntireWord: (state: SearchState, { payload }: Action<boolean>): SearchState => ({
    ...state,
    entireWord: payload,
  }),
  /** F3: the next match (opening the bar if it was closed). */
  findNext: (state: SearchState): SearchState => stepped(state),
  /** Shift+F3: the previous match. */
  findPrevious: (state: SearchState): SearchState => stepped(state),
};
