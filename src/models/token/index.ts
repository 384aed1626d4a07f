/**
 * The `token` model: the signed link's token over time (docs/embedding.md, "Signed links"): the
 * host is told before it runs out and may renew it; without a renewal the reader is told, and
 * keeps what is on screen.
 */
import { defineModel } from '../../runtime';
import { tokenActions } from './actions';
import { tokenEffects } from './effects';
import { tokenReducers } from './reducers';
import { initialTokenState } from './state';
import { tokenSubscriptions } from './subscriptions';

export const tokenModel = defineModel({
  namespace: 'token',
  actions: tokenActions,
  state: initialTokenState,
  reducers: tokenReducers,
  effects: tokenEffects,
  subscriptions: tokenSubscriptions,
});

export type LinkModel = typeof tokenModel;
export * from './state';
export { EXPIRY_NOTICE_MS } from './effects';
export { selectTokenExpired } from './selectors';
export { tokenActions };
