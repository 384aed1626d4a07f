/**
 * The `search` model's state (behaviour.md, "Search", contracts §5b `showSearch`): whether the find bar is open,
 * what it looks for, the requests that keyboard shortcuts make of it, and what pdf.js's find
 * controller has found (its count and the results list, as services/pdf/find.ts reports them).
 */
import { IDLE, NO_RESULTS } from '../../domain/search';
import type { FindStatus, SearchResults } from '../../domain/search';

export { IDLE };
export type { FindStatus, SearchResults };

/** Longest query kept: a deep link (`#search=`) can be any length. */
export const MAX_QUERY_LENGTH = 500;

export interface SearchState {
  /** The find bar and its results are shown. */
  open: boolean;
  /** The text searched for, as typed. */
  query: string;
  caseSensitive: boolean;
  entireWord: boolean;
  /** Bumped by every request to put the keyboard in the search box (Ctrl/⌘+F, the toolbar). */
  focusRequest: number;
  /**
   * Opened by a `#search=` link: the results show, the keyboard stays where it is (on a phone a
   * focused box would bring up the on-screen keyboard over the results).
   */
  openedByLink: boolean;
  /** The search as pdf.js reports it, while the find bar is shown. */
  status: FindStatus;
  /** The results list as pdf.js's matches stand, while the find bar is shown. */
  results: SearchResults;
}

export const initialSearchState: SearchState = {
  open: false,
  query: '',
  caseSensitive: false,
  entireWord: false,
  focusRequest: 0,
  openedByLink: false,
  status: IDLE,
  results: NO_RESULTS,
};
