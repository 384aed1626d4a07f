/** The `token` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { tokenEffects } from './effects';
import { tokenReducers } from './reducers';

export const tokenActions = modelActions<typeof tokenReducers, typeof tokenEffects>(
  'token',
  tokenReducers,
  { setToken: true },
);
