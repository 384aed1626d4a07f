/** contracts §4: the viewer URL's `#page=&zoom=` — parsing and formatting. */
import { formatHash, hashForView, parseHash, readHashKey } from '../hash';

describe('parseHash: PDF open parameters', () => {
  it.each([
    ['', {}],
    ['#', {}],
    ['#page=5', { page: 5 }],
    ['page=5', { page: 5 }],
    ['#page=5&zoom=150', { page: 5, zoom: 150 }],
    ['#zoom=87.5&page=2', { page: 2, zoom: 87.5 }],
    ['#PAGE=3&Zoom=120', { page: 3, zoom: 120 }],
    ['#page=0', { page: 0 }],
    ['#page=999999', { page: 999999 }],
    ['#zoom=150,10,20', { zoom: 150 }],
    ['#zoom=page-width&page=4', { page: 4 }],
    ['#zoom=auto', {}],
    ['#zoom=0', {}],
    ['#zoom=-50', {}],
    ['#zoom=1e3', {}],
    ['#page=abc', {}],
    ['#page=-2', {}],
    ['#page=2.5', {}],
    ['#page=', {}],
    ['#page=1e3', {}],
    ['#page=3&page=9', { page: 3 }],
    ['#search=page%3D7', {}],
    ['#page=%35', { page: 5 }],
    ['#page=%E0%A4%A', {}],
    ['#nameddest=intro&page=6&search=x', { page: 6 }],
  ])('%p reads as %p', (hash, view) => {
    expect(parseHash(hash)).toEqual(view);
  });
});

describe('formatHash: sets page and zoom, keeps every other key in place', () => {
  it.each([
    ['', { page: 5 }, '#page=5'],
    ['#page=2', { page: 5 }, '#page=5'],
    ['#page=2&zoom=150', { page: 5 }, '#page=5&zoom=150'],
    ['#page=2', { page: 5, zoom: 125 }, '#page=5&zoom=125'],
    ['#page=2&zoom=150,10,20', { page: 5, zoom: 80 }, '#page=5&zoom=80'],
    ['#search=annual%20report', { page: 3 }, '#page=3&search=annual%20report'],
    ['#search=x&zoom=90', { page: 3 }, '#page=3&search=x&zoom=90'],
    ['#search=x&page=1', { page: 3, zoom: 150 }, '#search=x&page=3&zoom=150'],
    ['#nameddest=intro&page=1&search=a&b', { page: 2 }, '#nameddest=intro&page=2&search=a&b'],
    ['#page=1&page=4&PAGE=6', { page: 2 }, '#page=2'],
    ['#&&page=1&&', { page: 2 }, '#page=2'],
  ])('%p with %p is %p', (hash, view, expected) => {
    expect(formatHash(hash, view)).toBe(expected);
  });

  it.each([
    ['', 1, 100, ''],
    ['#search=x', 1, 100, '#search=x'],
    ['', 2, 100, '#page=2'],
    ['', 1, 150, '#page=1&zoom=150'],
    ['#page=4&zoom=150', 4, 100, '#page=4&zoom=100'],
    ['#page=4&zoom=page-width', 4, 100, '#page=4&zoom=page-width'],
    ['#page=4&zoom=page-width', 4, 120, '#page=4&zoom=120'],
  ])('hashForView(%p, page %p, %p %%) is %p', (hash, page, zoom, expected) => {
    expect(hashForView(hash, page, zoom)).toBe(expected);
  });

  it('round-trips: what it writes reads back as the same view', () => {
    expect(parseHash(formatHash('#search=x', { page: 12, zoom: 175 }))).toEqual({
      page: 12,
      zoom: 175,
    });
  });
});

describe('readHashKey: keys other features own', () => {
  it.each([
    ['#search=annual%20report', 'search', 'annual report'],
    ['#page=2&SEARCH=a+b&search=second', 'search', 'a b'],
    ['#page=2', 'search', undefined],
    ['#search=', 'search', ''],
    ['#search=%E4%BA%BA', 'search', '人'],
  ])('%s → %s = %p', (hash, key, expected) => {
    expect(readHashKey(hash, key)).toBe(expected);
  });
});
