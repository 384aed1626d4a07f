/** The `listing` model's action creators, made once: effects and components use these. */
import { modelActions } from '../../runtime';
import type { listingEffects } from './effects';
import { listingReducers } from './reducers';

export const listingActions = modelActions<typeof listingReducers, typeof listingEffects>(
  'listing',
  listingReducers,
  { follow: true },
);
