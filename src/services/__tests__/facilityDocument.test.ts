/** contracts §3/§6: the facility's answer is validated and normalised, never trusted. */
import {
  DEFAULT_PAGE_SIZE,
  LIMITS,
  docDataOf,
  savedOf,
  initialDocData,
  normalizeDocument,
  readView,
} from '../facilityDocument';
import { NAMED_RANGES } from '../pdf/firstRanges';
import { MalformedResponseError } from '../request';
import { PARAM_DEFAULTS } from '../../domain/document';

const where = { id: 'report.pdf', base: new URL('http://facility.test/api/') };
const normalize = (raw: unknown) => normalizeDocument(raw, where);

const good = {
  title: 'Annual report',
  mimeType: 'application/pdf',
  pageCount: 2,
  loadedCount: 2,
  pageSize: [
    { width: 595, height: 842 },
    { width: 842, height: 595 },
  ],
  docOutline: [{ title: 'Intro', page: 1, children: [{ title: 'Scope', page: 2, children: [] }] }],
  watermarkInfo: {
    text: 'alice',
    fontSize: 16,
    color: 'rgba(0,0,0,0.15)',
    rotate: -22,
    gap: [100, 100],
  },
  param: { download: false },
  fileUrl: 'documents/report.pdf/content',
};

describe('normalizeDocument: a well-formed answer', () => {
  it('contracts §3 facility: keeps every field of a valid answer', () => {
    const doc = normalize(good);
    expect(doc).toEqual({
      title: 'Annual report',
      mimeType: 'application/pdf',
      pageCount: 2,
      loadedCount: 2,
      pageSize: good.pageSize,
      docOutline: good.docOutline,
      watermarkInfo: good.watermarkInfo,
      param: { ...PARAM_DEFAULTS, download: false },
      fileUrl: 'http://facility.test/api/documents/report.pdf/content',
      originalUrl: 'http://facility.test/api/documents/report.pdf/original',
      firstPageRanges: [],
      view: 'pages',
      corrections: [],
    });
  });

  it('contracts §3 facility: unknown fields are ignored', () => {
    expect(normalize({ ...good, secret: 'x' })).not.toHaveProperty('secret');
  });
});

describe('the document as the doc model stores it (spec §7: the answer as docData)', () => {
  it('is the answer read, without its corrections, its mimeType beside it (spec §3)', () => {
    const doc = normalize({ ...good, pageCount: 1e9 });
    const { corrections, mimeType, ...read } = doc;
    expect(corrections).toContain('pageCountCapped');
    expect(docDataOf(doc)).toEqual(read);
    expect(docDataOf(doc)).not.toHaveProperty('corrections');
    expect(docDataOf(doc)).not.toHaveProperty('mimeType');
    expect(savedOf(doc)).toEqual({ docData: read, mimeType });
    expect(mimeType).toBe('application/pdf');
  });

  it('is empty before any answer: spec §3 default param, no URLs, previews, ranges or view-only pages', () => {
    expect(initialDocData).toEqual({
      title: '',
      watermarkInfo: {},
      pageSize: [],
      pageCount: 0,
      loadedCount: 0,
      docOutline: [],
      param: PARAM_DEFAULTS,
      fileUrl: '',
      originalUrl: '',
      previews: undefined,
      firstPageRanges: [],
      viewOnly: undefined,
      view: 'pages',
      listing: undefined,
      sheet: undefined,
      media: undefined,
    });
    expect(initialDocData).not.toHaveProperty('mimeType');
  });
});

describe('normalizeDocument: wrong shapes', () => {
  it.each([null, [], 'text', 42, true])(
    'a top level that is not an object (%p) is malformed',
    (raw) => {
      expect(() => normalize(raw)).toThrow(MalformedResponseError);
    },
  );

  it('missing fields take safe defaults', () => {
    expect(normalize({})).toEqual({
      title: '',
      mimeType: '',
      pageCount: 0,
      loadedCount: 0,
      pageSize: [],
      docOutline: [],
      watermarkInfo: {},
      param: PARAM_DEFAULTS,
      fileUrl: 'http://facility.test/api/documents/report.pdf/content',
      originalUrl: 'http://facility.test/api/documents/report.pdf/original',
      firstPageRanges: [],
      view: 'pages',
      corrections: [],
    });
  });

  it('wrong-typed fields take safe defaults', () => {
    const doc = normalize({
      title: 7,
      mimeType: 'not a mime type',
      pageSize: 'big',
      docOutline: {},
      watermarkInfo: 'alice',
    });
    expect(doc).toMatchObject({
      title: '',
      mimeType: '',
      pageSize: [],
      docOutline: [],
      watermarkInfo: {},
    });
  });
});

describe('normalizeDocument: page count', () => {
  it('an absurd pageCount (10^9) is capped and flagged (pdf.js counts later)', () => {
    const doc = normalize({ pageCount: 1e9, loadedCount: 1e9 });
    expect(doc.pageCount).toBe(LIMITS.pageCount);
    expect(doc.loadedCount).toBe(LIMITS.pageCount);
    expect(doc.corrections).toContain('pageCountCapped');
  });

  it('an absurd pageCount is not waited for as a conversion', () => {
    const doc = normalize({ pageCount: 1e9, loadedCount: 14 });
    expect(doc.loadedCount).toBe(doc.pageCount);
  });

  it.each([
    [-3, 0],
    ['12', 0],
    [Number.NaN, 0],
    [2.9, 2],
  ])('pageCount %p becomes %p', (pageCount, expected) => {
    expect(normalize({ pageCount }).pageCount).toBe(expected);
  });

  it('a missing pageCount falls back to the number of page sizes', () => {
    expect(normalize({ pageSize: good.pageSize }).pageCount).toBe(2);
  });

  it('contracts §3 converting: loadedCount below pageCount is kept, clamped to [0, pageCount]', () => {
    expect(normalize({ pageCount: 14, loadedCount: 3 }).loadedCount).toBe(3);
    expect(normalize({ pageCount: 14, loadedCount: 99 }).loadedCount).toBe(14);
    expect(normalize({ pageCount: 14, loadedCount: -1 }).loadedCount).toBe(14);
    expect(normalize({ pageCount: 14 }).loadedCount).toBe(14);
  });
});

describe('normalizeDocument: page sizes', () => {
  it.each([
    ['negative', { width: -595, height: 842 }],
    ['zero', { width: 0, height: 842 }],
    ['absurdly large', { width: 1e9, height: 842 }],
    ['non-numeric', { width: '595', height: 842 }],
    ['missing', {}],
    ['not an object', 595],
  ])('contracts §8 absurd pageSize: a %s size is replaced by 612×792 and flagged', (_, size) => {
    const doc = normalize({ pageCount: 2, pageSize: [size, { width: 595, height: 842 }] });
    expect(doc.pageSize).toEqual([DEFAULT_PAGE_SIZE, { width: 595, height: 842 }]);
    expect(doc.corrections).toContain('pageSizeReplaced');
  });

  it('never holds more sizes than pages', () => {
    const sizes = Array.from({ length: 10 }, () => ({ width: 100, height: 100 }));
    expect(normalize({ pageCount: 3, pageSize: sizes }).pageSize).toHaveLength(3);
  });
});

describe('normalizeDocument: outline', () => {
  it('contracts §8 HTML in titles/outline: kept as literal text, controls removed', () => {
    const doc = normalize({
      title: '<img src=x onerror=alert(1)>\u202E',
      pageCount: 3,
      docOutline: [{ title: '<script>alert(1)</script>\u0000', page: 2, children: [] }],
    });
    expect(doc.title).toBe('<img src=x onerror=alert(1)>');
    expect(doc.docOutline[0]?.title).toBe('<script>alert(1)</script>');
  });

  it('pages outside 1..pageCount and non-integers become null; bad items are dropped', () => {
    const doc = normalize({
      pageCount: 3,
      docOutline: [
        { title: 'a', page: 0 },
        { title: 'b', page: 4 },
        { title: 'c', page: 1.5 },
        { title: 'd', page: '2' },
        { title: 'e', page: 3, children: 'x' },
        'junk',
        null,
      ],
    });
    expect(doc.docOutline).toEqual([
      { title: 'a', page: null, children: [] },
      { title: 'b', page: null, children: [] },
      { title: 'c', page: null, children: [] },
      { title: 'd', page: null, children: [] },
      { title: 'e', page: 3, children: [] },
    ]);
  });

  it('depth is bounded', () => {
    let deep: unknown[] = [];
    for (let i = 0; i < 100; i++)
      deep = [{ title: `level ${100 - i}`, page: null, children: deep }];
    const doc = normalize({ docOutline: deep });
    let depth = 0;
    for (let level = doc.docOutline; level.length > 0; level = level[0]?.children ?? []) depth++;
    expect(depth).toBe(LIMITS.outlineDepth);
    expect(doc.corrections).toContain('outlineTruncated');
  });

  it('the item count is bounded', () => {
    const many = Array.from({ length: LIMITS.outlineItems + 50 }, (_, i) => ({ title: `${i}` }));
    const doc = normalize({ docOutline: many });
    expect(doc.docOutline).toHaveLength(LIMITS.outlineItems);
    expect(doc.corrections).toContain('outlineTruncated');
  });
});

describe('normalizeDocument: watermark', () => {
  it('contracts §8 watermark text: sanitised and capped at 200', () => {
    const doc = normalize({ watermarkInfo: { text: `<b>x</b>\u202E${'y'.repeat(500)}` } });
    expect(doc.watermarkInfo.text?.startsWith('<b>x</b>y')).toBe(true);
    expect(Array.from(doc.watermarkInfo.text ?? '')).toHaveLength(200);
  });

  it('keeps only plausible fields of the right type', () => {
    const doc = normalize({
      watermarkInfo: {
        text: 'ok',
        fontSize: 1e6,
        color: 'red; background: url(javascript:alert(1))',
        rotate: 'x',
        gap: [10],
      },
    });
    expect(doc.watermarkInfo).toEqual({ text: 'ok' });
  });

  it.each(['#abc', '#aabbccdd', 'red', 'rgba(0, 0, 0, 0.15)', 'hsl(120 50% 50% / 0.2)'])(
    'accepts the CSS colour %s',
    (color) => {
      expect(normalize({ watermarkInfo: { color } }).watermarkInfo.color).toBe(color);
    },
  );
});

describe('normalizeDocument: URLs', () => {
  it('resolves fileUrl against previewApi', () => {
    expect(normalize({ fileUrl: 'files/x.pdf' }).fileUrl).toBe(
      'http://facility.test/api/files/x.pdf',
    );
    expect(normalize({ fileUrl: 'https://cdn.test/x.pdf' }).fileUrl).toBe('https://cdn.test/x.pdf');
  });

  it.each(['javascript:alert(1)', 'data:application/pdf;base64,AAAA', 42, '', 'x'.repeat(5000)])(
    'an unusable fileUrl (%p) falls back to the contract path and is flagged',
    (fileUrl) => {
      const doc = normalize({ fileUrl });
      expect(doc.fileUrl).toBe('http://facility.test/api/documents/report.pdf/content');
      expect(doc.corrections).toContain('fileUrlInvalid');
    },
  );

  it('URL-encodes the id in the contract paths', () => {
    const doc = normalizeDocument({}, { ...where, id: 'a b/c?#.pdf' });
    expect(doc.fileUrl).toBe('http://facility.test/api/documents/a%20b%2Fc%3F%23.pdf/content');
    expect(doc.originalUrl).toBe('http://facility.test/api/documents/a%20b%2Fc%3F%23.pdf/original');
  });

  it('lower-cases a valid mime type', () => {
    expect(normalize({ mimeType: 'Application/PDF' }).mimeType).toBe('application/pdf');
  });
});

describe('normalizeDocument: previews (contracts §3 `previews`)', () => {
  const previews = {
    url: 'documents/report.pdf/previews/abc/{page}-{width}.webp',
    pages: 10,
    widths: [960, 240, 480],
  };

  it('resolves the template against previewApi, keeps its placeholders, sorts the widths and caps the pages', () => {
    const doc = normalize({ ...good, previews });
    expect(doc.previews).toEqual({
      url: 'http://facility.test/api/documents/report.pdf/previews/abc/{page}-{width}.webp',
      pages: 2,
      widths: [240, 480, 960],
    });
    expect(doc.corrections).toEqual([]);
  });

  it('an answer without previews has none, and is not corrected for it', () => {
    const doc = normalize(good);
    expect(doc.previews).toBeUndefined();
    expect(doc.corrections).not.toContain('previewsInvalid');
  });

  it.each([
    ['not an object', 'documents/x/{page}-{width}.webp'],
    ['no {width}', { ...previews, url: 'documents/x/{page}.webp' }],
    ['no {page}', { ...previews, url: 'documents/x/{width}.webp' }],
    ['a javascript: URL', { ...previews, url: 'javascript:alert(1)//{page}{width}' }],
    ['a data: URL', { ...previews, url: 'data:image/webp,{page}{width}' }],
    ['no pages', { ...previews, pages: 0 }],
    ['pages not a number', { ...previews, pages: '3' }],
    ['a width that is not an integer', { ...previews, widths: [240, 480.5] }],
    ['a width of 0', { ...previews, widths: [0, 480] }],
    ['an absurd width', { ...previews, widths: [LIMITS.previewWidth + 1] }],
    ['no widths', { ...previews, widths: [] }],
    ['widths not a list', { ...previews, widths: 480 }],
    ['too many widths', { ...previews, widths: Array.from({ length: 17 }, (_, i) => 100 + i) }],
    ['a URL too long', { ...previews, url: `${'a'.repeat(LIMITS.urlLength)}{page}{width}` }],
  ])('drops previews given %s, and says so', (_name, raw) => {
    const doc = normalize({ ...good, previews: raw });
    expect(doc.previews).toBeUndefined();
    expect(doc.corrections).toContain('previewsInvalid');
  });
});

describe('normalizeDocument: firstPageRanges (contracts §3)', () => {
  it('keeps well-formed byte ranges as they are', () => {
    const ranges = [
      [0, 65_535],
      [786_432, 1_016_314],
      [7, 7],
    ];
    const doc = normalize({ ...good, firstPageRanges: ranges });
    expect(doc.firstPageRanges).toEqual(ranges);
    expect(doc.corrections).toEqual([]);
  });

  it.each([
    ['not a list', { first: 0, last: 9 }],
    ['a range not a pair of numbers', [[0, 9], 'bytes=0-9']],
    ['a negative offset', [[-1, 9]]],
    ['a last before its first', [[9, 0]]],
    ['a fraction', [[0.5, 9]]],
    ['a string offset', [['0', 9]]],
    ['an offset past 2^53', [[0, 2 ** 53]]],
  ])('drops what is malformed given %s, and says so', (_name, raw) => {
    const doc = normalize({ ...good, firstPageRanges: raw });
    expect(doc.firstPageRanges).toEqual(Array.isArray(raw) && raw.length > 1 ? [[0, 9]] : []);
    expect(doc.corrections).toContain('firstPageRangesInvalid');
  });

  it(`looks at the first ${String(NAMED_RANGES)} only`, () => {
    const many = Array.from({ length: NAMED_RANGES + 4 }, (_, i) => [i * 10, i * 10 + 9]);
    const doc = normalize({ ...good, firstPageRanges: many });
    expect(doc.firstPageRanges).toEqual(many.slice(0, NAMED_RANGES));
  });
});

describe('normalizeDocument: viewOnly (contracts §3 `viewOnly`)', () => {
  const viewOnly = {
    pages: 'documents/report.pdf/pages/abc/29000000/{page}-{width}.webp',
    widths: [960, 240, 480],
    text: 'documents/report.pdf/text/abc/{page}.json',
  };
  const answer = {
    ...good,
    param: { download: true, print: true },
    fileUrl: undefined,
    previews: {
      url: 'documents/report.pdf/previews/abc/{page}-{width}.webp',
      pages: 1,
      widths: [240],
    },
    firstPageRanges: [[0, 10]],
    viewOnly,
  };

  it('resolves the templates, sorts the widths, and keeps no download, previews or ranges', () => {
    const doc = normalize(answer);
    expect(doc.viewOnly).toEqual({
      pages: 'http://facility.test/api/documents/report.pdf/pages/abc/29000000/{page}-{width}.webp',
      widths: [240, 480, 960],
      text: 'http://facility.test/api/documents/report.pdf/text/abc/{page}.json',
    });
    expect(doc.param.download).toBe(false);
    expect(doc.param.print).toBe(true);
    expect(doc.previews).toBeUndefined();
    expect(doc.firstPageRanges).toEqual([]);
    expect(doc.corrections).toEqual([]);
  });

  it('has no text without search, and null pages while there is none to draw', () => {
    const doc = normalize({ ...answer, viewOnly: { pages: null, widths: [240] } });
    expect(doc.viewOnly).toEqual({ pages: null, widths: [240], text: undefined });
    expect(doc.corrections).toEqual([]);
  });

  it.each([
    ['not an object', 'yes'],
    ['a javascript: template', { ...viewOnly, pages: 'javascript:alert(1)//{page}{width}' }],
    ['a template without {width}', { ...viewOnly, pages: 'documents/x/{page}.webp' }],
    ['no widths', { ...viewOnly, widths: [] }],
    ['a text template without {page}', { ...viewOnly, text: 'documents/x/1.json' }],
  ])('a malformed one (%s) still means view-only, never the file', (_, raw) => {
    const doc = normalize({ ...answer, viewOnly: raw });
    expect(doc.viewOnly).toBeDefined();
    expect(doc.param.download).toBe(false);
    expect(doc.corrections).toContain('viewOnlyInvalid');
    if (doc.viewOnly?.pages != null)
      expect(doc.viewOnly.pages).toMatch(/^http:\/\/facility\.test\//);
  });

  it('is absent for every other answer', () => {
    expect(normalize(good).viewOnly).toBeUndefined();
  });
});

describe('normalizeDocument: views beyond pages (contracts §3)', () => {
  it('reads a listing answer: its view and its entries', () => {
    const doc = normalize({
      title: 'scans.zip',
      view: 'listing',
      pageCount: 0,
      listing: {
        kind: 'archive',
        entries: [{ id: 'scans.zip!3', path: '2026/合同/acme.pdf', size: 12, opens: true }],
      },
    });
    expect(doc.view).toBe('listing');
    expect(doc.listing?.entries).toEqual([
      {
        id: 'scans.zip!3',
        path: '2026/合同/acme.pdf',
        size: 12,
        modified: undefined,
        opens: true,
        encrypted: false,
      },
    ]);
  });

  it('reads view "sheet" with its sheets, and no listing', () => {
    const doc = normalize({
      ...good,
      view: 'sheet',
      listing: { kind: 'archive', entries: [] },
      sheet: { sheets: [{ name: 'S', columns: 1 }], rows: 'r/{sheet}-{from}', tail: 't/{sheet}' },
    });
    expect(doc.view).toBe('sheet');
    expect(doc.listing).toBeUndefined();
    expect(doc.sheet?.sheets.map((sheet) => sheet.name)).toEqual(['S']);
  });

  it.each([undefined, 'pages', 'media', 42])('reads view %p as pages, with no listing', (view) => {
    const doc = normalize({ ...good, view, listing: { kind: 'archive', entries: [] } });
    expect(doc.view).toBe('pages');
    expect(doc.listing).toBeUndefined();
  });
});

describe('the answer’s view', () => {
  it('reads only `listing` and `sheet` as views other than pages from `view` alone', () => {
    expect(readView('listing')).toBe('listing');
    expect(readView('sheet')).toBe('sheet');
    for (const other of ['pages', 'media', 'LISTING', undefined, 1]) {
      expect(readView(other)).toBe('pages');
    }
  });
});
