/** The document's `param.sheetView` (docs/contracts.md §5b): grid, pages, or the server's choice. */
import { sheetViewAsked } from '../param.ts';

describe('sheetViewAsked', () => {
  it('reads grid or pages, and anything else as left out', () => {
    expect(sheetViewAsked({ param: { sheetView: 'pages' } })).toBe('pages');
    expect(sheetViewAsked({ param: { sheetView: 'grid' } })).toBe('grid');
    for (const fields of [
      undefined,
      {},
      { param: {} },
      { param: { sheetView: 'PAGES' } },
      { param: { sheetView: true } },
      { param: ['sheetView'] },
    ]) {
      expect(sheetViewAsked(fields)).toBeUndefined();
    }
  });
});
