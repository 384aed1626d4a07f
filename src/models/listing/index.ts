/** The `listing` model: what the reader did to a listing (its search, its open folders). */
import { defineModel } from '../../runtime';
import { listingActions } from './actions';
import { listingEffects } from './effects';
import { listingReducers } from './reducers';
import { initialListingState } from './state';

export const listingModel = defineModel({
  namespace: 'listing',
  actions: listingActions,
  state: initialListingState,
  reducers: listingReducers,
  effects: listingEffects,
});

export type ListingModel = typeof listingModel;
export * from './state';
export { selectListingQuery, selectOpenFolders } from './selectors';
export { listingActions };
