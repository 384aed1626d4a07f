/** The `url` model's action creators, made once: its subscription and effects use these. */
import { modelActions } from '../../runtime';
import type { urlEffects } from './effects';
import { urlReducers } from './reducers';

export const urlActions = modelActions<typeof urlReducers, typeof urlEffects>('url', urlReducers, {
  follow: true,
  applyOnOpen: true,
  writeBack: true,
});
