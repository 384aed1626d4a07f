/** The `doc` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { docEffects } from './effects';
import { docReducers } from './reducers';

export const docActions = modelActions<typeof docReducers, typeof docEffects>('doc', docReducers, {
  fetch: true,
  pages: true,
  givePassword: true,
});
