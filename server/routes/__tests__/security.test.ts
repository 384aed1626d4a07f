/** Ids that try to leave DOCS_DIR are refused before anything is read; unknown ids are 404. */
import { plainPdf, tracemonkey } from './_fixtures.ts';
import { startFacility } from './_docs-dir.ts';
import type { Facility } from './_docs-dir.ts';
import { rawRequest } from './_http-client.ts';

jest.setTimeout(30_000);

let facility: Facility;

beforeAll(async () => {
  facility = await startFacility(
    {
      'tracemonkey.pdf': await tracemonkey(),
      'tracemonkey.pdf.json': '{"title":"Sidecar title"}',
      'data.json': '{"a":1}',
      '.hidden.pdf': await plainPdf(),
      'leak.pdf': await plainPdf(),
    },
    {
      'passwd.pdf': '/etc/passwd',
      'dangling.pdf': '/nonexistent/folio/file.pdf',
      'alias.pdf': 'tracemonkey.pdf',
      'leak.pdf.json': '/etc/passwd',
    },
  );
});

afterAll(() => facility.close());

const ROUTES = ['', '/content', '/original'];

function expectRefused(res: { status: number; body: Buffer }, statuses: number[] = [400]): void {
  expect(statuses).toContain(res.status);
  const text = res.body.toString('utf8');
  expect(text).not.toContain('root:');
  expect(text).not.toContain('%PDF');
}

test.each([
  ['..'],
  ['%2E%2E'],
  ['%2e%2e%2fpackage.json'],
  ['..%2F..%2F..%2Fetc%2Fpasswd'],
  ['%2Fetc%2Fpasswd'],
  ['..%5C..%5Cetc%5Cpasswd'],
  ['a%5Cb.pdf'],
  ['tracemonkey.pdf%00.txt'],
  ['%00'],
  ['http%3A%2F%2Fevil.example%2Fx.pdf'],
  ['file%3A%2F%2F%2Fetc%2Fpasswd'],
  ['C%3A%5CWindows%5Cwin.ini'],
  ['.'],
  ['.hidden.pdf'],
  ['passwd.pdf'],
])('id %s is refused with 400 on every route', async (id) => {
  for (const route of ROUTES) {
    expectRefused(await rawRequest(facility.origin, `/viewer/api/documents/${id}${route}`));
  }
});

test.each([
  ['/viewer/api/documents/../../../etc/passwd'],
  ['/viewer/api/documents/..%2F..%2Fetc/passwd'],
  ['/viewer/api/documents//etc/passwd'],
  ['/viewer/api/documents/x/../../../../etc/passwd/content'],
])('path %s never reaches a file', async (rawPath) => {
  expectRefused(await rawRequest(facility.origin, rawPath), [400, 404]);
});

test('a malformed percent-encoding is a 400, not a crash', async () => {
  expectRefused(await rawRequest(facility.origin, '/viewer/api/documents/%E0%A4%A'));
});

test('a symlink to a file inside DOCS_DIR is served', async () => {
  const res = await fetch(`${facility.api}documents/alias.pdf`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { pageCount: number }).pageCount).toBe(14);
});

test('a dangling symlink is simply not found', async () => {
  expect((await fetch(`${facility.api}documents/dangling.pdf`)).status).toBe(404);
});

test('a sidecar that links outside DOCS_DIR is refused without echoing its target', async () => {
  const res = await rawRequest(facility.origin, '/viewer/api/documents/leak.pdf');
  expect(res.status).toBe(500);
  expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ error: 'bad_sidecar' });
  expectRefused(res, [500]);
});

test.each(['', '/content', '/original'])(
  'unknown id answers 404 not_found on "%s"',
  async (route) => {
    const res = await fetch(`${facility.api}documents/nope.pdf${route}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: 'not_found' });
  },
);

test("a document's sidecar is not a document itself", async () => {
  expect((await fetch(`${facility.api}documents/tracemonkey.pdf.json`)).status).toBe(404);
});

test('a .json file that is nobody’s sidecar is a document like any other (code, converted)', async () => {
  const res = await fetch(`${facility.api}documents/data.json`);
  expect(res.status).toBe(200);
  // Code becomes a PDF (docs/server.md, "Formats"): the answer is the conversion's first one.
  expect(await res.json()).toMatchObject({
    title: 'data',
    mimeType: 'application/json',
    loadedCount: 0,
  });
});

test('an unknown path under api/ is the facility’s 404, a wrong method its 405', async () => {
  const unknown = await fetch(`${facility.api}nothing/here`);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ error: 'not_found' });
  const post = await fetch(`${facility.api}documents/tracemonkey.pdf`, { method: 'POST' });
  expect(post.status).toBe(405);
  expect(post.headers.get('allow')).toBe('GET, HEAD');
});
