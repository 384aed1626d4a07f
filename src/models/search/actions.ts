/** The `search` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import { searchReducers } from './reducers';

export const searchActions = modelActions('search', searchReducers);
