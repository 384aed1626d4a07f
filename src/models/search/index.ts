/** The `search` model: the find bar's state, its keyboard shortcuts and the effects that drive pdf.js's find controller (behaviour.md, "Search"). */
import { defineModel } from '../../runtime';
import { searchActions } from './actions';
import { searchEffects } from './effects';
import { searchReducers } from './reducers';
import { initialSearchState } from './state';
import { searchSubscriptions } from './subscriptions';

export const searchModel = defineModel({
  namespace: 'search',
  actions: searchActions,
  state: initialSearchState,
  reducers: searchReducers,
  effects: searchEffects,
  subscriptions: searchSubscriptions,
});

export type SearchModel = typeof searchModel;
export * from './state';
export { searchShortcut } from './subscriptions';
export { selectFindStatus, selectSearchAvailable, selectSearchResults } from './selectors';
export { searchActions };
