/**
 * The `link` model: the signed link's token over time (docs/embedding.md, "Signed links"): the
 * host is told before it runs out and may renew it; without a renewal the reader is told, and
 * keeps what is on screen.
 */
import { defineModel } from '../../runtime';
import { linkActions } from './actions';
import { linkEffects } from './effects';
import { linkReducers } from './reducers';
import { initialLinkState } from './state';
import { linkSubscriptions } from './subscriptions';

export const linkModel = defineModel({
  namespace: 'link',
  actions: linkActions,
  state: initialLinkState,
  reducers: linkReducers,
  effects: linkEffects,
  subscriptions: linkSubscriptions,
});

export type LinkModel = typeof linkModel;
export * from './state';
export { EXPIRY_NOTICE_MS } from './effects';
export { selectLinkExpired } from './selectors';
export { linkActions };
