/**
 * Every model of the app, registered explicitly (no discovery); the root state is inferred from
 * this list. The initial-state model gates the first render (spec §2).
 */
import { loadingModel } from '../runtime';
import type { StateOfModels } from '../runtime';
import { docModel } from './doc';
import { hostModel } from './host';
import { initialStateModel } from './initialState';
import { tokenModel } from './token';
import { printModel } from './print';
import { searchModel } from './search';
import { signModel } from './sign';
import { urlModel } from './url';
import { viewerModel } from './viewer';

export const models = [
  docModel,
  loadingModel,
  initialStateModel,
  searchModel,
  printModel,
  signModel,
  hostModel,
  urlModel,
  tokenModel,
  viewerModel,
] as const;

export type RootState = StateOfModels<typeof models>;

export {
  docModel,
  searchModel,
  printModel,
  signModel,
  hostModel,
  urlModel,
  tokenModel,
  viewerModel,
};
export { docActions } from './doc';
export { hostActions } from './host';
export { printActions } from './print';
export { searchActions } from './search';
export { signActions } from './sign';
export { urlActions } from './url';
export { viewerActions } from './viewer';

// Every `select` in effects and subscriptions is checked against the app's root state.
declare module '../runtime/types' {
  interface Register {
    state: RootState;
  }
}
