/** The `doc` model: the document being viewed and every viewer transition of spec §3–§5. */
import { defineModel } from '../../runtime';
import { docActions } from './actions';
import { docEffects } from './effects';
import { docReducers } from './reducers';
import { docSubscriptions } from './subscriptions';
import { initialDocState } from './state';

export const docModel = defineModel({
  namespace: 'doc',
  actions: docActions,
  state: initialDocState,
  reducers: docReducers,
  effects: docEffects,
  subscriptions: docSubscriptions,
});

export type DocModel = typeof docModel;
export * from './state';
export type { PageSizePayload } from './reading/reducers';
export type { ProgressPayload } from './fetch/reducers';
export type { SignatureMove } from './signatures/reducers';
export type { FetchOutcome } from './fetch/effects';
export { docActions };
