/** The `download` model's action creators, made once: reducers, effects, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import type { downloadEffects } from './effects';
import { downloadReducers } from './reducers';

export const downloadActions = modelActions<typeof downloadReducers, typeof downloadEffects>(
  'download',
  downloadReducers,
  { download: true, forget: true },
);
