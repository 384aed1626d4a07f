import type { ListingState } from './state';

interface WithListing {
  listing: ListingState;
}

/** The searchbox's text. */
export const selectListingQuery = ({ listing }: WithListing): string => listing.query;

/** The open folders' paths (the array in the state: safe for useSelector). */
export const selectOpenFolders = ({ listing }: WithListing): readonly string[] => listing.open;
