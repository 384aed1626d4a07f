/**
 * The `host` model: Folio and the host system that embeds it (docs/embedding.md). Events go out
 * as the document opens, fails, turns, zooms and prints (the sign model hands over signatures);
 * commands come in from the configured origin only.
 */
import { defineModel } from '../../runtime';
import { hostActions } from './actions';
import { hostEffects } from './effects';
import { hostReducers } from './reducers';
import { initialHostState } from './state';
import { hostSubscriptions } from './subscriptions';

export const hostModel = defineModel({
  namespace: 'host',
  actions: hostActions,
  state: initialHostState,
  reducers: hostReducers,
  effects: hostEffects,
  subscriptions: hostSubscriptions,
});

export type HostModel = typeof hostModel;
export * from './state';
export { hostActions };
