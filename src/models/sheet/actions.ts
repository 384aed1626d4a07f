/** The `sheet` model's action creators, made once: effects and components use these. */
import { modelActions } from '../../runtime';
import type { sheetEffects } from './effects';
import { sheetReducers } from './reducers';

export const sheetActions = modelActions<typeof sheetReducers, typeof sheetEffects>(
  'sheet',
  sheetReducers,
  { follow: true, need: true, loadTail: true, loadMarks: true, search: true, openLink: true },
);
