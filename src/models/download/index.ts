/** The `download` model: Download and Ctrl/⌘+S, and the failure the reader is to be told about. */
import { defineModel } from '../../runtime';
import { downloadActions } from './actions';
import { downloadEffects } from './effects';
import { downloadReducers } from './reducers';
import { initialDownloadState } from './state';
import { downloadSubscriptions } from './subscriptions';

export const downloadModel = defineModel({
  namespace: 'download',
  actions: downloadActions,
  state: initialDownloadState,
  reducers: downloadReducers,
  effects: downloadEffects,
  subscriptions: downloadSubscriptions,
});

export type DownloadModel = typeof downloadModel;
export * from './state';
export { toDownloadFailure } from './effects';
export type { DownloadOutcome } from './effects';
export { isSaveShortcut } from './subscriptions';
export { selectDownloadFailure, selectDownloadNaming, selectDownloadUrl } from './selectors';
export { downloadActions };
