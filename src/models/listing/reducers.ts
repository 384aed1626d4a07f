import type { Action } from '../../runtime';
import { initialListingState } from './state';
import type { ListingState } from './state';

/** The search text is capped as the find bar's is: a query is a name, not a document. */
export const MAX_LISTING_QUERY = 256;

/** Whether `id` is `listingId` itself or an entry of it, at any depth (`a.zip!3`, `a.zip!3!2`). */
export function belongsTo(id: string, listingId: string | undefined): boolean {
  return listingId !== undefined && (id === listingId || id.startsWith(`${listingId}!`));
}

export const listingReducers = {
  /**
   * A document is fetched: the listing's or one of its entries' keeps what the reader did;
   * another starts over, as that document's listing (if it is one).
   */
  documentFetched: (state: ListingState, { payload: id }: Action<string>): ListingState =>
    belongsTo(id, state.listingId) ? state : { ...initialListingState, listingId: id },
  /** The reader types in the searchbox. */
  search: (state: ListingState, { payload }: Action<string>): ListingState => ({
    ...state,
    query: payload.slice(0, MAX_LISTING_QUERY),
  }),
  /** Opens or closes a folder (arrows, Enter, a click on it). */
  setFolderOpen: (
    state: ListingState,
    { payload: { path, open } }: Action<{ path: string; open: boolean }>,
  ): ListingState => {
    const isOpen = state.open.includes(path);
    if (isOpen === open) return state;
    return {
      ...state,
      open: open ? [...state.open, path] : state.open.filter((item) => item !== path),
    };
  },
};
