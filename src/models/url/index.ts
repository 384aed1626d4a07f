/**
 * The `url` model: the viewer's link (contracts §4), read by one subscription (src/url/) and turned
 * into the other models' actions; the reader's place is written back into the hash.
 */
import { defineModel } from '../../runtime';
import { urlActions } from './actions';
import { urlEffects } from './effects';
import { urlReducers } from './reducers';
import { initialUrlState } from './state';
import { urlSubscriptions } from './subscriptions';

export const urlModel = defineModel({
  namespace: 'url',
  actions: urlActions,
  state: initialUrlState,
  reducers: urlReducers,
  effects: urlEffects,
  subscriptions: urlSubscriptions,
});

export type UrlModel = typeof urlModel;
export * from './state';
export { HASH_WRITE_INTERVAL_MS } from './effects';
export { selectLinkZoom } from './selectors';
export { urlActions };
