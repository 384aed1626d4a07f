import type { Action } from '../../../runtime';
import { listingActions } from '../actions';
import { belongsTo, listingReducers, MAX_LISTING_QUERY } from '../reducers';
import { initialListingState } from '../state';
import type { ListingState } from '../state';

const shown: ListingState = { listingId: 'a.zip', query: '合同', open: ['2026'] };

type Row = [name: string, before: ListingState, action: Action<never>, after: ListingState];

const rows: Row[] = [
  [
    'a first document becomes the listing the state is about',
    initialListingState,
    listingActions.documentFetched('a.zip') as Action<never>,
    { ...initialListingState, listingId: 'a.zip' },
  ],
  [
    'one of its entries keeps the search and the open folders',
    shown,
    listingActions.documentFetched('a.zip!3') as Action<never>,
    shown,
  ],
  [
    'an entry of an entry keeps them too',
    shown,
    listingActions.documentFetched('a.zip!3!2') as Action<never>,
    shown,
  ],
  [
    'coming back to the listing keeps them',
    shown,
    listingActions.documentFetched('a.zip') as Action<never>,
    shown,
  ],
  [
    'another document starts over',
    shown,
    listingActions.documentFetched('b.zip') as Action<never>,
    { ...initialListingState, listingId: 'b.zip' },
  ],
  [
    'a document whose id only starts like it starts over',
    shown,
    listingActions.documentFetched('a.zip2') as Action<never>,
    { ...initialListingState, listingId: 'a.zip2' },
  ],
  [
    'the searchbox sets the query',
    shown,
    listingActions.search('acme') as Action<never>,
    { ...shown, query: 'acme' },
  ],
  [
    'a folder opens',
    shown,
    listingActions.setFolderOpen({ path: '2026/合同', open: true }) as Action<never>,
    { ...shown, open: ['2026', '2026/合同'] },
  ],
  [
    'a folder closes',
    shown,
    listingActions.setFolderOpen({ path: '2026', open: false }) as Action<never>,
    { ...shown, open: [] },
  ],
];

describe('the listing model’s reducers', () => {
  it.each(rows)('%s', (_name, before, action, after) => {
    const reducer =
      listingReducers[action.type.replace('listing/', '') as keyof typeof listingReducers];
    expect(
      (reducer as (s: ListingState, a: Action<never>) => ListingState)(before, action),
    ).toEqual(after);
  });

  it('leaves the state as it is for a folder already so', () => {
    expect(
      listingReducers.setFolderOpen(
        shown,
        listingActions.setFolderOpen({ path: '2026', open: true }),
      ),
    ).toBe(shown);
  });

  it('caps the query', () => {
    const long = 'x'.repeat(MAX_LISTING_QUERY + 10);
    expect(listingReducers.search(shown, listingActions.search(long)).query).toHaveLength(
      MAX_LISTING_QUERY,
    );
  });

  it('knows an entry of a listing from another document', () => {
    expect(belongsTo('a.zip!1', 'a.zip')).toBe(true);
    expect(belongsTo('a.zip', undefined)).toBe(false);
    expect(belongsTo('a.zipper', 'a.zip')).toBe(false);
  });
});
