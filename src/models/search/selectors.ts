/** What the find bar, the shortcuts and the host's commands read. */
import type { DocState } from '../doc/state';
import { IDLE, NO_RESULTS } from '../../domain/search';
import type { FindStatus, SearchResults } from '../../domain/search';
import type { SearchState } from './state';

/** True when a document is on screen and its `param` allows search. */
export const selectSearchAvailable = (state: { doc: DocState }): boolean =>
  state.doc.status === 'ready' && state.doc.docData.param.showSearch;

/** pdf.js's word on the search, for the find bar: nothing while there is nothing to look for. */
export const selectFindStatus = (state: { search: SearchState }): FindStatus =>
  state.search.query.trim() === '' ? IDLE : state.search.status;

/** The results list, for the find bar and the list: none while there is nothing to look for. */
export const selectSearchResults = (state: { search: SearchState }): SearchResults =>
  state.search.query.trim() === '' ? NO_RESULTS : state.search.results;
