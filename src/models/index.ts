/**
 * Every model of the app, registered explicitly (no discovery); the root state is inferred from
 * this list. The initial-state model gates the first render (spec §2).
 */
import { loadingModel } from '../runtime';
import type { StateOfModels } from '../runtime';
import { docModel } from './doc';
import { downloadModel } from './download';
import { hostModel } from './host';
import { initialStateModel } from './initialState';
import { listingModel } from './listing';
import { sheetModel } from './sheet';
import { pagePreviewsModel } from './pagePreviews';
import { tokenModel } from './token';
import { printModel } from './print';
import { searchModel } from './search';
import { shortcutsHelpModel } from './shortcutsHelp';
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
  downloadModel,
  pagePreviewsModel,
  shortcutsHelpModel,
  listingModel,
  sheetModel,
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
  downloadModel,
  pagePreviewsModel,
  shortcutsHelpModel,
  listingModel,
  sheetModel,
};
export { docActions } from './doc';
export { downloadActions } from './download';
export { hostActions } from './host';
export { listingActions } from './listing';
export { sheetActions } from './sheet';
export { pagePreviewsActions } from './pagePreviews';
export { printActions } from './print';
export { searchActions } from './search';
export { shortcutsHelpActions } from './shortcutsHelp';
export { signActions } from './sign';
export { urlActions } from './url';
export { viewerActions } from './viewer';

// Every `select` in effects and subscriptions is checked against the app's root state.
declare module '../runtime/types' {
  interface Register {
    state: RootState;
  }
}
