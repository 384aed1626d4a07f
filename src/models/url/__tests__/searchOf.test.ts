/** The `#search=` deep link's text (contracts §4): read like pdf.js's hash keys, cleaned like any URL text. */
import { readLink } from '../../../url';
import { MAX_QUERY_LENGTH } from '../../search/state';
import { searchOf } from '../effects';

const searchFromHash = (hash: string) => searchOf(readLink({ search: '', hash }));

describe('the #search= text', () => {
  it.each([
    ['#search=trace', 'trace'],
    ['#page=2&search=trace%20tree&zoom=150', 'trace tree'],
    ['#search=trace+tree', 'trace tree'],
    ['#SEARCH=Trace', 'Trace'],
    ['#search=first&search=second', 'first'],
    ['#search=%E6%90%9C%E7%B4%A2', '搜索'],
    ['#search=%3Cb%3Ex%3C%2Fb%3E', '<b>x</b>'],
    ['#search=a%0Ab%E2%80%AEc', 'a bc'],
    ['#search=%E0%A4%A', '%E0%A4%A'],
    ['#search=', ''],
    ['#page=3', ''],
    ['', ''],
  ])('%s → %p', (hash, query) => {
    expect(searchFromHash(hash)).toBe(query);
  });

  it('caps an absurdly long query', () => {
    expect(Array.from(searchFromHash(`#search=${'x'.repeat(5000)}`)).length).toBeLessThanOrEqual(
      MAX_QUERY_LENGTH,
    );
  });
});
