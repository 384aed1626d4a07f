/**
 * The `sign` model (behaviour.md, "Signatures"): placement, persistence and hand-over around the doc model's
 * signature fields, which stay the spec's source of truth (`signState`, `mobileSignState`, `isSigned`,
 * `isMobSigned`, `signDataArr`).
 */
import { defineModel } from '../../runtime';
import { signActions } from './actions';
import { signEffects } from './effects';
import { signReducers } from './reducers';
import { initialSignState } from './state';

export const signModel = defineModel({
  namespace: 'sign',
  actions: signActions,
  state: initialSignState,
  reducers: signReducers,
  effects: signEffects,
});

export type SignModel = typeof signModel;
export * from './state';
export { signedFileName, signedPayload } from './effects';
export type { ConfirmPayload, ExportOutcome, PlacePayload } from './effects';
export { signActions };
