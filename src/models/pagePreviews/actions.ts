/** The `pagePreviews` model's action creators, made once: reducers, effects and components use these. */
import { modelActions } from '../../runtime';
import type { pagePreviewsEffects } from './effects';
import { pagePreviewsReducers } from './reducers';

export const pagePreviewsActions = modelActions<
  typeof pagePreviewsReducers,
  typeof pagePreviewsEffects
>('pagePreviews', pagePreviewsReducers, { load: true, first: true, forget: true });
