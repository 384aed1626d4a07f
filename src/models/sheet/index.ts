/** The `sheet` model: what the sheet view holds of the workbook on screen (state.ts). */
import { defineModel } from '../../runtime';
import { sheetActions } from './actions';
import { sheetEffects } from './effects';
import { sheetReducers } from './reducers';
import { initialSheetState } from './state';

export const sheetModel = defineModel({
  namespace: 'sheet',
  actions: sheetActions,
  state: initialSheetState,
  reducers: sheetReducers,
  effects: sheetEffects,
});

export type SheetModel = typeof sheetModel;
export * from './state';
export { selectSheetBook, selectSheetShown, selectSheetState } from './selectors';
export { sheetActions };
