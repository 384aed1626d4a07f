/** The `pagePreviews` model: the facility's page images fetched for the document shown. */
import { defineModel } from '../../runtime';
import { pagePreviewsActions } from './actions';
import { pagePreviewsEffects } from './effects';
import { pagePreviewsReducers } from './reducers';
import { initialPagePreviewsState } from './state';

export const pagePreviewsModel = defineModel({
  namespace: 'pagePreviews',
  actions: pagePreviewsActions,
  state: initialPagePreviewsState,
  reducers: pagePreviewsReducers,
  effects: pagePreviewsEffects,
});

export type PagePreviewsModel = typeof pagePreviewsModel;
export * from './state';
export type { PreviewLoaded } from './reducers';
export { selectPreviewImages } from './selectors';
export { pagePreviewsActions };
