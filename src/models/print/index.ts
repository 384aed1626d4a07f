/** The `print` model: the print dialog and the print job (issue 5). */
import { defineModel } from '../../runtime';
import { printEffects } from './effects';
import { printReducers } from './reducers';
import { initialPrintState } from './state';

export const printModel = defineModel({
  namespace: 'print',
  state: initialPrintState,
  reducers: printReducers,
  effects: printEffects,
});

export type PrintModel = typeof printModel;
export * from './state';
export type { PrintOutcome } from './effects';
export { printShortcut, isPrintShortcut } from './shortcut';
export { pagesToPrint, selectPrintAllowed } from './selectors';
