/** The results list from pdf.js's find controller's matches, as they are at any moment. */
import { collect } from '../findResults';

describe('collect', () => {
  it('lists pdf.js’s matches in document order, with progress over the pages searched so far', () => {
    const results = collect(
      { pageMatches: [[0, 40], [], [7]], pageMatchesLength: [[5, 5], [], [5]] },
      5,
    );
    expect(results).toMatchObject({
      status: 'running',
      total: 3,
      pagesWithHits: 2,
      pagesSearched: 3,
      pageCount: 5,
    });
    expect(results.hits.map((hit) => [hit.id, hit.page, hit.indexOnPage, hit.length])).toEqual([
      ['1:0', 1, 0, 5],
      ['1:40', 1, 1, 5],
      ['3:7', 3, 0, 5],
    ]);
  });

  it('is done once every page has been searched, pages read out of order included', () => {
    const pageMatches = [];
    pageMatches[1] = [3];
    pageMatches[0] = [];
    expect(collect({ pageMatches, pageMatchesLength: [] }, 2)).toMatchObject({
      status: 'done',
      total: 1,
      pagesSearched: 2,
    });
    expect(collect({ pageMatches: [[], undefined, []] }, 3).status).toBe('running');
  });

  it('counts every match but lists at most maxHits', () => {
    const results = collect(
      {
        pageMatches: [
          [1, 2, 3],
          [4, 5],
        ],
      },
      2,
      4,
    );
    expect(results.total).toBe(5);
    expect(results.hits).toHaveLength(4);
  });

  it('is empty before pdf.js has searched anything', () => {
    expect(collect({}, 3)).toMatchObject({ status: 'running', total: 0, hits: [] });
  });
});
