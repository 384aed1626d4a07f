/** The `link` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { linkEffects } from './effects';
import { linkReducers } from './reducers';

export const linkActions = modelActions<typeof linkReducers, typeof linkEffects>(
  'link',
  linkReducers,
  { setToken: true },
);
