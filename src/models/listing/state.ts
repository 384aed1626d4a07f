/**
 * The `listing` model's state: what the reader did to a listing (docs/decisions/
 * 2026-12-06-listing-view.md) — the search text and the folders open. It belongs to one listing
 * and stays while the reader opens its entries and comes back, so the way back finds the list as
 * it was left; another document starts it over.
 */
export interface ListingState {
  /** The listing this is about (a document id), undefined before one is shown. */
  listingId: string | undefined;
  /** The searchbox's text. */
  query: string;
  /** The open folders, by path. */
  open: string[];
}

export const initialListingState: ListingState = { listingId: undefined, query: '', open: [] };
