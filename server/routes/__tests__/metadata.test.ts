/** GET documents/{id}: fields computed from the real file (contracts §3). */
import { createHash } from 'node:crypto';
import {
  CORRUPT,
  HOSTILE_OUTLINE_TITLE,
  HOSTILE_TITLE,
  HTML_AS_PDF,
  outlinedPdf,
  passwordPdf,
  plainPdf,
  tracemonkey,
} from './_fixtures.ts';
import { getMeta, startFacility } from './_docs-dir.ts';
import type { Facility } from './_docs-dir.ts';

jest.setTimeout(30_000);

let facility: Facility;

beforeAll(async () => {
  const trace = await tracemonkey();
  facility = await startFacility({
    'tracemonkey.pdf': trace,
    'outline.pdf': await outlinedPdf(),
    'report #1 ü.pdf': await plainPdf(2),
    'corrupt.pdf': CORRUPT,
    'empty.pdf': '',
    'page.pdf': HTML_AS_PDF,
    'locked.pdf': await passwordPdf(),
    'truncated.pdf': trace.subarray(0, trace.length / 2),
    'notes.csv': 'plain,text',
    // As pages: its conversion's answer is what is tested (a grid answers at once).
    'notes.csv.json': JSON.stringify({ param: { sheetView: 'pages' } }),
  });
});

afterAll(() => facility.close());

test('tracemonkey.pdf: title from the file name, 14 US Letter pages, no outline', async () => {
  const { status, headers, body } = await getMeta(facility, 'tracemonkey.pdf');
  expect(status).toBe(200);
  expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(headers.get('cache-control')).toBe('no-store');
  expect(body).toEqual({
    title: 'tracemonkey',
    mimeType: 'application/pdf',
    pageCount: 14,
    loadedCount: 14,
    pageSize: Array.from({ length: 14 }, () => ({ width: 612, height: 792 })),
    docOutline: [],
    fileUrl: 'documents/tracemonkey.pdf/content',
    // The first pages' previews, under the sha256 of the PDF (docs/server.md, "Page previews").
    previews: {
      url: `documents/tracemonkey.pdf/previews/${sha256(await tracemonkey())}/{page}-{width}.webp`,
      pages: 10,
      widths: [240, 480, 960, 1440, 1920],
      // None drawn yet: nothing has asked for one.
      drawn: [],
    },
    // What pdf.js reads to draw page 1 (facility/facts/first-page-ranges.ts): its header, and the
    // fonts and xref at the end of the file.
    firstPageRanges: [
      [0, 16_383],
      [819_200, 835_583],
      [868_352, 1_016_314],
    ],
  });
});

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

test('the PDF Title is the title, passed through as data however hostile', async () => {
  const { body } = await getMeta(facility, 'outline.pdf');
  expect(body.title).toBe(HOSTILE_TITLE);
});

test('a page with /Rotate 90 reports its displayed size (width and height swapped)', async () => {
  const { body } = await getMeta(facility, 'outline.pdf');
  expect(body.pageCount).toBe(3);
  expect(body.pageSize).toEqual([
    { width: 300, height: 400 },
    { width: 100, height: 200 },
    { width: 500, height: 500 },
  ]);
});

test('the outline resolves explicit and named destinations to 1-based pages', async () => {
  const { body } = await getMeta(facility, 'outline.pdf');
  expect(body.docOutline).toEqual([
    { title: 'Intro', page: 1, children: [] },
    {
      title: 'Part two',
      page: 2,
      children: [{ title: HOSTILE_OUTLINE_TITLE, page: 3, children: [] }],
    },
    { title: 'Missing name', page: null, children: [] },
    { title: 'No destination', page: null, children: [] },
  ]);
});

test('fileUrl encodes the id, and resolves against previewApi to the content', async () => {
  const { body } = await getMeta(facility, 'report #1 ü.pdf');
  expect(body.title).toBe('report #1 ü');
  expect(body.pageCount).toBe(2);
  expect(body.fileUrl).toBe('documents/report%20%231%20%C3%BC.pdf/content');
  const content = await fetch(new URL(String(body.fileUrl), facility.api));
  expect(content.status).toBe(200);
  expect(content.headers.get('content-type')).toBe('application/pdf');
});

test.each([
  ['corrupt.pdf', 'corrupt'],
  ['empty.pdf', 'empty'],
  ['page.pdf', 'page'],
  ['locked.pdf', 'locked'],
])('%s cannot be parsed: still 200, what is known, and no pages', async (id, title) => {
  const { status, body } = await getMeta(facility, id);
  expect(status).toBe(200);
  expect(body).toMatchObject({ title, pageCount: 0, loadedCount: 0, pageSize: [], docOutline: [] });
});

test('a file of another type reports its own mime type while it converts', async () => {
  const { body } = await getMeta(facility, 'notes.csv');
  expect(body).toMatchObject({ title: 'notes', mimeType: 'text/csv', loadedCount: 0 });
});

test('a truncated PDF still answers 200 with whatever pdf.js recovers', async () => {
  const { status, body } = await getMeta(facility, 'truncated.pdf');
  expect(status).toBe(200);
  expect(typeof body.pageCount).toBe('number');
  expect(body.pageSize).toHaveLength(body.pageCount as number);
});

test('the facility keeps answering after the unreadable files', async () => {
  const { status, body } = await getMeta(facility, 'tracemonkey.pdf');
  expect(status).toBe(200);
  expect(body.pageCount).toBe(14);
});
