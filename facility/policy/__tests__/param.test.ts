/** The document's `param` as the facility enforces it (docs/contracts.md §5b). */
import { PARAM_DEFAULTS } from '../../../src/domain/document.ts';
import { sanitizeParam } from '../../../src/services/param.ts';
import {
  commentsShown,
  documentAllowsDownload,
  gridLinePrinted,
  searchAllowed,
  sheetViewAsked,
} from '../param.ts';

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

describe('the policy flags, by the viewer’s rule (src/domain/document.ts)', () => {
  it('takes the spec’s default for a flag left out', () => {
    for (const fields of [undefined, {}, { param: {} }]) {
      expect(documentAllowsDownload(fields)).toBe(PARAM_DEFAULTS.download);
      expect(searchAllowed(fields)).toBe(PARAM_DEFAULTS.showSearch);
      expect(commentsShown(fields)).toBe(PARAM_DEFAULTS.showComment);
      expect(gridLinePrinted(fields)).toBe(PARAM_DEFAULTS.gridLine);
    }
  });

  it('reads a boolean as given', () => {
    const on = { param: { download: true, showSearch: true, showComment: true, gridLine: true } };
    const off = {
      param: { download: false, showSearch: false, showComment: false, gridLine: false },
    };
    expect([on, off].map(documentAllowsDownload)).toEqual([true, false]);
    expect([on, off].map(searchAllowed)).toEqual([true, false]);
    expect([on, off].map(commentsShown)).toEqual([true, false]);
    expect([on, off].map(gridLinePrinted)).toEqual([true, false]);
  });

  it('reads a wrong type as the restrictive value of a policy flag, the default of the others', () => {
    for (const wrong of ['true', 'yes', 1, null]) {
      const fields = { param: { download: wrong, showSearch: wrong, showComment: wrong } };
      expect(documentAllowsDownload(fields)).toBe(false);
      expect(searchAllowed(fields)).toBe(PARAM_DEFAULTS.showSearch);
      expect(commentsShown(fields)).toBe(PARAM_DEFAULTS.showComment);
    }
    // A `param` that is not an object is a wrong-typed policy as a whole.
    for (const param of ['download', ['download'], null, 7]) {
      expect(documentAllowsDownload({ param })).toBe(false);
      expect(commentsShown({ param })).toBe(PARAM_DEFAULTS.showComment);
    }
  });

  it('agrees with the viewer’s reading of the same param', () => {
    for (const param of [undefined, {}, { download: 'false' }, { download: false }, 'x', null]) {
      const viewer = sanitizeParam(param);
      expect(documentAllowsDownload({ param })).toBe(viewer.download);
      expect(searchAllowed({ param })).toBe(viewer.showSearch);
      expect(commentsShown({ param })).toBe(viewer.showComment);
      expect(gridLinePrinted({ param })).toBe(viewer.gridLine);
    }
  });
});
