/** The sidecar `<name>.json`: fields merged into the metadata, and the dev-only simulations. */
import { plainPdf } from './_fixtures.ts';
import { getMeta, startFacility } from './_docs-dir.ts';
import type { Facility } from './_docs-dir.ts';

jest.setTimeout(30_000);

const CONVERT_MS = 1200;
let facility: Facility;

const sidecar = (value: unknown) => JSON.stringify(value);

beforeAll(async () => {
  const pdf = await plainPdf();
  facility = await startFacility({
    'marked.pdf': pdf,
    'marked.pdf.json': sidecar({
      title: 'Annual report <b>2026</b>',
      watermarkInfo: { text: 'alice · 2026-11-22', fontSize: 16, rotate: -22, gap: [100, 100] },
      param: { download: 'yes', print: null, showSearch: true, unknownFlag: 1 },
      unknownKey: 'ignored',
    }),
    'absurd.pdf': pdf,
    'absurd.pdf.json': sidecar({
      override: { pageSize: [{ width: 1e9, height: -1 }], pageCount: 7 },
    }),
    'converting.pdf': await plainPdf(12),
    'converting.pdf.json': sidecar({ convertMs: CONVERT_MS }),
    'down.pdf': pdf,
    'down.pdf.json': sidecar({
      fail: { status: 503, body: '<h1>Service Unavailable</h1>', contentType: 'text/html' },
    }),
    'garbled.pdf': pdf,
    'garbled.pdf.json': sidecar({ fail: { status: 200, body: '{"title": "cut off' } }),
    'slow.pdf': pdf,
    'slow.pdf.json': sidecar({ delayMs: 400 }),
    'typo.pdf': pdf,
    'typo.pdf.json': '{ "convertMs": "soon" }',
    'broken-json.pdf': pdf,
    'broken-json.pdf.json': '{ watermarkInfo: ',
  });
});

afterAll(() => facility.close());

test('title, watermarkInfo and param pass through as given; unknown keys are dropped', async () => {
  const { status, body } = await getMeta(facility, 'marked.pdf');
  expect(status).toBe(200);
  expect(body).toMatchObject({
    title: 'Annual report <b>2026</b>',
    watermarkInfo: { text: 'alice · 2026-11-22', fontSize: 16, rotate: -22, gap: [100, 100] },
    param: { download: 'yes', print: null, showSearch: true, unknownFlag: 1 },
    pageCount: 1,
  });
  expect(body).not.toHaveProperty('unknownKey');
});

test('without a sidecar there is no watermarkInfo or param (the viewer takes its defaults)', async () => {
  const { body } = await getMeta(facility, 'slow.pdf');
  expect(body).not.toHaveProperty('watermarkInfo');
  expect(body).not.toHaveProperty('param');
});

test('override replaces computed fields, to simulate a facility that answers absurd values', async () => {
  const { body } = await getMeta(facility, 'absurd.pdf');
  expect(body).toMatchObject({ pageCount: 7, pageSize: [{ width: 1e9, height: -1 }] });
});

test('convertMs: loadedCount grows to pageCount, content is 409 until then', async () => {
  const started = Date.now();
  const first = await getMeta(facility, 'converting.pdf');
  expect(first.body.pageCount).toBe(12);
  expect(first.body.loadedCount).toBeLessThan(12);

  const early = await fetch(`${facility.api}documents/converting.pdf/content`);
  if (Date.now() - started < CONVERT_MS) {
    expect(early.status).toBe(409);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await early.json()).toMatchObject({ error: 'converting', pageCount: 12 });
  }
  // The original is the uploaded file: there while the viewable PDF converts.
  expect((await fetch(`${facility.api}documents/converting.pdf/original`)).status).toBe(200);

  const seen: number[] = [first.body.loadedCount as number];
  while (seen.at(-1) !== 12) {
    expect(Date.now() - started).toBeLessThan(CONVERT_MS + 5000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen.push((await getMeta(facility, 'converting.pdf')).body.loadedCount as number);
  }
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(new Set(seen).size).toBeGreaterThan(2); // it really progressed, not jumped
  expect(Date.now() - started).toBeGreaterThanOrEqual(CONVERT_MS - 50);
  expect((await fetch(`${facility.api}documents/converting.pdf/content`)).status).toBe(200);
});

test('fail: the status, body and content type are answered as given', async () => {
  const res = await fetch(`${facility.api}documents/down.pdf`);
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toBe('text/html');
  expect(await res.text()).toBe('<h1>Service Unavailable</h1>');
  // Only the metadata fails: the content is still there.
  expect((await fetch(`${facility.api}documents/down.pdf/content`)).status).toBe(200);
});

test('fail: a 200 with a malformed JSON body, byte for byte', async () => {
  const res = await fetch(`${facility.api}documents/garbled.pdf`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await res.text()).toBe('{"title": "cut off');
});

test('delayMs: the metadata answers late', async () => {
  const started = Date.now();
  const { status } = await getMeta(facility, 'slow.pdf');
  expect(status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(390);
});

test('delayMs: a client that gives up does not upset the facility', async () => {
  await expect(
    fetch(`${facility.api}documents/slow.pdf`, { signal: AbortSignal.timeout(50) }),
  ).rejects.toThrow();
  expect((await getMeta(facility, 'marked.pdf')).status).toBe(200);
});

test.each([
  ['typo.pdf', '"convertMs" must be a number'],
  ['broken-json.pdf', 'not JSON'],
])('a sidecar with a mistake (%s) is reported, not ignored', async (id, message) => {
  const { status, body } = await getMeta(facility, id);
  expect(status).toBe(500);
  expect(body.error).toBe('bad_sidecar');
  expect(body.message).toContain(message);
});
