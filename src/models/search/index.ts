/** The `search` model: the find bar's state and its keyboard shortcuts (behaviour.md, "Search"). */
import { defineModel } from '../../runtime';
import { searchActions } from './actions';
import { searchReducers } from './reducers';
import { initialSearchState } from './state';
import { searchSubscriptions } from './subscriptions';

export const searchModel = defineModel({
  namespace: 'search',
  actions: searchActions,
  state: initialSearchState,
  reducers: searchReducers,
  subscriptions: searchSubscriptions,
});

export type SearchModel = typeof searchModel;
export * from './state';
export { searchShortcut } from './subscriptions';
export { selectSearchAvailable } from './selectors';
export { searchActions };
