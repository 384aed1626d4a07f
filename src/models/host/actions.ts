/** The `host` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { hostEffects } from './effects';
import { hostReducers } from './reducers';

export const hostActions = modelActions<typeof hostReducers, typeof hostEffects>(
  'host',
  hostReducers,
  { announce: true },
);
