/** The `search` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { searchEffects } from './effects';
import { searchReducers } from './reducers';

export const searchActions = modelActions<typeof searchReducers, typeof searchEffects>(
  'search',
  searchReducers,
  { find: true, follow: true, barShown: true, barHidden: true, goTo: true },
);
