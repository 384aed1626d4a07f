/** GET documents/{id}/content and /original: the bytes, with Range and caching headers. */
import { HTML_AS_PDF, plainPdf, tracemonkey } from './_fixtures.ts';
import { startFacility } from './_docs-dir.ts';
import type { Facility } from './_docs-dir.ts';
import { rawRequest } from './_http-client.ts';

jest.setTimeout(30_000);

let facility: Facility;
let bytes: Buffer;

beforeAll(async () => {
  bytes = await tracemonkey();
  facility = await startFacility({
    'tracemonkey.pdf': bytes,
    'page.pdf': HTML_AS_PDF,
    'empty.pdf': '',
    'Bericht für "Q1".pdf': await plainPdf(),
  });
});

afterAll(() => facility.close());

const content = (id: string) => `${facility.api}documents/${encodeURIComponent(id)}/content`;
const original = (id: string) => `${facility.api}documents/${encodeURIComponent(id)}/original`;

test('content is the file, byte for byte, as application/pdf with validators', async () => {
  const res = await fetch(content('tracemonkey.pdf'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('accept-ranges')).toBe('bytes');
  expect(res.headers.get('content-length')).toBe(String(bytes.length));
  expect(res.headers.get('etag')).toBeTruthy();
  expect(res.headers.get('last-modified')).toBeTruthy();
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
});

test('Range: bytes=a-b answers 206 with exactly those bytes', async () => {
  const res = await fetch(content('tracemonkey.pdf'), { headers: { Range: 'bytes=1000-1999' } });
  expect(res.status).toBe(206);
  expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
  expect(res.headers.get('content-length')).toBe('1000');
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
});

test('a suffix range gives the last bytes (where pdf.js finds the xref)', async () => {
  const res = await fetch(content('tracemonkey.pdf'), { headers: { Range: 'bytes=-512' } });
  expect(res.status).toBe(206);
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(bytes.length - 512))).toBe(
    true,
  );
});

test('a range past the end answers 416 with the real size', async () => {
  const res = await fetch(content('tracemonkey.pdf'), {
    headers: { Range: `bytes=${bytes.length + 10}-` },
  });
  expect(res.status).toBe(416);
  expect(res.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
});

test('If-None-Match with the ETag answers 304', async () => {
  const first = await fetch(content('tracemonkey.pdf'), { method: 'HEAD' });
  const etag = first.headers.get('etag') ?? '';
  // Raw request: fetch marks conditional requests `Cache-Control: no-cache`, which forbids a 304.
  const again = await rawRequest(
    facility.origin,
    '/viewer/api/documents/tracemonkey.pdf/content',
    'GET',
    {
      'If-None-Match': etag,
    },
  );
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

test('HEAD gives the headers without the body', async () => {
  const res = await rawRequest(
    facility.origin,
    '/viewer/api/documents/tracemonkey.pdf/content',
    'HEAD',
  );
  expect(res.status).toBe(200);
  expect(res.headers['content-length']).toBe(String(bytes.length));
  expect(res.body.length).toBe(0);
});

test('HTML named .pdf is served unchanged, as a PDF, never sniffed or run', async () => {
  const res = await fetch(content('page.pdf'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toContain('sandbox');
  expect(Buffer.from(await res.arrayBuffer()).equals(HTML_AS_PDF)).toBe(true);
});

test('a 0-byte file is served as 0 bytes', async () => {
  const res = await fetch(content('empty.pdf'));
  expect(res.status).toBe(200);
  expect((await res.arrayBuffer()).byteLength).toBe(0);
});

test('original is the same bytes as an attachment named after the id', async () => {
  const res = await fetch(original('tracemonkey.pdf'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="tracemonkey.pdf"; filename*=UTF-8''tracemonkey.pdf`,
  );
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
});

test('original keeps a non-ASCII name exactly in filename*, with a safe ASCII fallback', async () => {
  const res = await fetch(original('Bericht für "Q1".pdf'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="Bericht f_r _Q1_.pdf"; filename*=UTF-8''Bericht%20f%C3%BCr%20%22Q1%22.pdf`,
  );
});

test('original honours Range too', async () => {
  const res = await fetch(original('tracemonkey.pdf'), { headers: { Range: 'bytes=0-7' } });
  expect(res.status).toBe(206);
  expect(await res.text()).toBe(bytes.subarray(0, 8).toString('latin1'));
});
