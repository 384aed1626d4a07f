/** The `viewer` model: what pdf.js's engine on screen has done, and the view it is asked to show. */
import { defineModel } from '../../runtime';
import { viewerActions } from './actions';
import { viewerEffects } from './effects';
import { viewerReducers } from './reducers';
import { initialViewerState } from './state';

export const viewerModel = defineModel({
  namespace: 'viewer',
  actions: viewerActions,
  state: initialViewerState,
  reducers: viewerReducers,
  effects: viewerEffects,
});

export type ViewerModel = typeof viewerModel;
export * from './state';
export { selectEngineView, selectOutline } from './selectors';
export type { OutlineLoad } from './selectors';
export { viewerActions };
