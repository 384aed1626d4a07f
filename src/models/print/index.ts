/** The `print` model: the print dialog and the print job (behaviour.md, "The facility's policy"). */
import { defineModel } from '../../runtime';
import { printActions } from './actions';
import { printEffects } from './effects';
import { printReducers } from './reducers';
import { initialPrintState } from './state';
import { printSubscriptions } from './subscriptions';

export const printModel = defineModel({
  namespace: 'print',
  actions: printActions,
  state: initialPrintState,
  reducers: printReducers,
  effects: printEffects,
  subscriptions: printSubscriptions,
});

export type PrintModel = typeof printModel;
export * from './state';
export type { PrintOutcome } from './effects';
export { isPrintShortcut } from './subscriptions';
export { pagesToPrint, selectPrintAllowed } from './selectors';
export { printActions };
