/** The `viewer` model's action creators, made once: reducers, effects and components use these. */
import { modelActions } from '../../runtime';
import type { viewerEffects } from './effects';
import { viewerReducers } from './reducers';

export const viewerActions = modelActions<typeof viewerReducers, typeof viewerEffects>(
  'viewer',
  viewerReducers,
  { relay: true, follow: true, readOutline: true, expectPage: true },
);
