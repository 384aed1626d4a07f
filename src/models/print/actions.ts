/** The `print` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { printEffects } from './effects';
import { printReducers } from './reducers';

export const printActions = modelActions<typeof printReducers, typeof printEffects>(
  'print',
  printReducers,
  { print: true },
);
