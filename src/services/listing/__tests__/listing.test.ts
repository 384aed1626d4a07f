import type { ListingEntry } from '../../../domain/listing';
import { humanSize, shortDate } from '../format';
import { listingOf } from '../ids';
import { LISTING_LIMITS, readListing } from '../read';
import { EMAIL_CSP, emailSrcdoc } from '../srcdoc';
import { buildTree, entryName, filterEntries, visibleRows } from '../tree';

const entry = (path: string, id = `a.zip!${path}`): ListingEntry => ({
  id,
  path,
  size: 1,
  modified: undefined,
  opens: true,
  encrypted: false,
});

const ENTRIES = [
  entry('2026/合同/季度报告.pdf'),
  entry('2026/合同/acme.pdf'),
  entry('2026/readme.txt'),
  entry('b.txt'),
  entry('A.txt'),
  entry('file10.txt'),
  entry('file9.txt'),
];

describe('the listing as a tree (folders implied by "/"-separated paths)', () => {
  it('nests entries in their folders, folders first, by name (numbers as numbers, case aside)', () => {
    const root = buildTree(ENTRIES);
    expect(root.folders.map((f) => f.name)).toEqual(['2026']);
    expect(root.entries.map(entryName)).toEqual(['A.txt', 'b.txt', 'file9.txt', 'file10.txt']);
    const year = root.folders.at(0);
    expect(year?.path).toBe('2026');
    expect(year?.count).toBe(3);
    expect(year?.folders.map((f) => f.path)).toEqual(['2026/合同']);
    expect(year?.folders.at(0)?.entries.map(entryName)).toEqual(['acme.pdf', '季度报告.pdf']);
    expect(root.count).toBe(ENTRIES.length);
  });

  it('shows the root level, and below an open folder only', () => {
    const root = buildTree(ENTRIES);
    const closed = visibleRows(root, () => false);
    expect(closed.map((r) => [r.kind, r.level, r.position, r.setSize])).toEqual([
      ['folder', 1, 1, 5],
      ['entry', 1, 2, 5],
      ['entry', 1, 3, 5],
      ['entry', 1, 4, 5],
      ['entry', 1, 5, 5],
    ]);
    const open = visibleRows(root, () => true);
    expect(open.map((r) => (r.kind === 'folder' ? r.folder.path : entryName(r.entry)))).toEqual([
      '2026',
      '2026/合同',
      'acme.pdf',
      '季度报告.pdf',
      'readme.txt',
      'A.txt',
      'b.txt',
      'file9.txt',
      'file10.txt',
    ]);
    const acme = open.at(2);
    expect(acme?.level).toBe(3);
    expect(acme?.parent).toBe('d:2026/合同');
  });

  it('keeps apart a folder and an entry of the same name', () => {
    const rows = visibleRows(buildTree([entry('x'), entry('x/y')]), () => true);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});

describe('the searchbox filters entries by name', () => {
  it.each([
    ['', 7],
    ['  ', 7],
    ['季度', 1],
    ['ACME', 1],
    ['.txt', 5],
    // A folder's name is not an entry's.
    ['合同', 0],
    ['nothing', 0],
  ])('%p keeps %i entries', (query, count) => {
    expect(filterEntries(ENTRIES, query)).toHaveLength(count);
  });
});

describe('sizes and dates as a reader reads them', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [123_456, '121 KB'],
    [1_572_864, '1.5 MB'],
    [30_000_000, '29 MB'],
    [5 * 1024 ** 4, '5 TB'],
    [undefined, ''],
  ])('%p bytes read %p', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });

  it('writes a date in the reader’s language, nothing without one', () => {
    expect(shortDate('2026-01-02T03:04:05.000Z', 'en')).toMatch(/2026/);
    expect(shortDate(undefined)).toBe('');
    expect(shortDate('not a date')).toBe('');
  });
});

describe('an entry’s listing (ids: archive id + "!" + index)', () => {
  it.each([
    ['a.zip!3', 'a.zip'],
    ['a.zip!3!2', 'a.zip!3'],
    ['docs/报告 (1).zip!12', 'docs/报告 (1).zip'],
    ['a.zip', undefined],
    ['a.zip!', undefined],
    ['a.zip!0', undefined],
    ['!3', undefined],
    ['a.zip!x', undefined],
    [undefined, undefined],
  ])('%p is an entry of %p', (id, listing) => {
    expect(listingOf(id)).toBe(listing);
  });
});

describe('reading the facility’s listing (nothing trusted)', () => {
  it('cleans names, checks ids, sizes and dates, and lists an unusable id without a link', () => {
    const listing = readListing('listing', {
      kind: 'archive',
      entries: [
        {
          id: 'a.zip!1',
          path: '/2026//\u202Eevil\u0000.pdf',
          size: 10.7,
          modified: '2026-01-02T03:04:05Z',
          opens: true,
        },
        { id: 'a.zip!2\u0001', path: 'b.pdf', size: -1, modified: 'yesterday', opens: true },
        { id: 'a.zip!3', path: 'c.pdf', opens: 'yes' },
        { id: 'a.zip!4', path: '' },
        { id: 'a.zip!5', path: 'd.pdf', opens: true, encrypted: true },
        'not an entry',
      ],
    });
    expect(listing?.kind).toBe('archive');
    expect(listing?.entries).toEqual([
      {
        id: 'a.zip!1',
        path: '2026/evil.pdf',
        size: 10,
        modified: '2026-01-02T03:04:05.000Z',
        opens: true,
        encrypted: false,
      },
      {
        id: '',
        path: 'b.pdf',
        size: undefined,
        modified: undefined,
        opens: false,
        encrypted: false,
      },
      {
        id: 'a.zip!3',
        path: 'c.pdf',
        size: undefined,
        modified: undefined,
        opens: false,
        encrypted: false,
      },
      {
        id: 'a.zip!5',
        path: 'd.pdf',
        size: undefined,
        modified: undefined,
        // It opens: its password is asked for then.
        opens: true,
        encrypted: true,
      },
    ]);
    expect(listing?.message).toBeUndefined();
  });

  it('reads an unusable listing as an empty archive, and caps the entries', () => {
    expect(readListing('listing', 'junk')).toEqual({
      kind: 'archive',
      entries: [],
      truncated: false,
      message: undefined,
    });
    const many = Array.from({ length: LISTING_LIMITS.entries + 1 }, (_, i) => ({
      id: `a!${String(i + 1)}`,
      path: `f${String(i)}`,
    }));
    const read = readListing('listing', { entries: many });
    expect(read?.entries).toHaveLength(LISTING_LIMITS.entries);
    expect(read?.truncated).toBe(true);
    expect(readListing('pages', { entries: many })).toBeUndefined();
  });

  it('reads an e-mail’s fields as text and keeps its bodies', () => {
    const listing = readListing('listing', {
      kind: 'email',
      entries: [{ id: 'm.eml!1', path: '合同.pdf', opens: true }],
      message: {
        from: 'Li Lei <li@example.com>\r\nBcc: x',
        to: ['a <a@x>', 7, ''],
        cc: 'c <c@x>',
        date: '2026-01-02T03:04:05Z',
        subject: '<b>Hi</b>',
        text: 'line 1\r\nline 2\u202E',
        html: '<p>hi</p>',
      },
    });
    expect(listing?.message).toEqual({
      from: 'Li Lei <li@example.com> Bcc: x',
      to: ['a <a@x>'],
      cc: ['c <c@x>'],
      date: '2026-01-02T03:04:05.000Z',
      subject: '<b>Hi</b>',
      text: 'line 1\nline 2',
      html: '<p>hi</p>',
    });
  });
});

describe('an e-mail’s HTML body as a sandboxed frame’s document', () => {
  it('starts its head with a CSP that allows no script and no network', () => {
    const doc = emailSrcdoc('<script>alert(1)</script><p>hi</p>', { antiCopy: false });
    expect(EMAIL_CSP).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'");
    expect(
      doc.startsWith(
        `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${EMAIL_CSP}">`,
      ),
    ).toBe(true);
    expect(doc).not.toMatch(/user-select/);
  });

  it('lets nothing be selected under anti-copy', () => {
    expect(emailSrcdoc('<p>hi</p>', { antiCopy: true })).toMatch(/user-select:none!important/);
  });
});
