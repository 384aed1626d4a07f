/** The `sign` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { signEffects } from './effects';
import { signReducers } from './reducers';

export const signActions = modelActions<typeof signReducers, typeof signEffects>(
  'sign',
  signReducers,
  { confirm: true, place: true, finish: true, downloadSigned: true, persist: true, restore: true },
);
