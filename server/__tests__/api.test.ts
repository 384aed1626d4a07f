/**
 * `npm run serve` over real HTTP, without conversions: ids that could leave DOCS_DIR, Range and
 * ETag on content, the download policy (per document and the folder default), health, and the
 * built app under BASE_PATH (CSP, caching, history fallback, an old build's chunks).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { rawRequest } from '../routes/__tests__/_http-client.ts';
import { BASE, getMeta, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(60_000);

let served: Served;
let outside: string;
let pdf: Uint8Array;

beforeAll(async () => {
  pdf = await plainPdf(2);
  outside = await mkdtemp(path.join(tmpdir(), 'folio-outside-'));
  await writeFile(path.join(outside, 'secret.pdf'), pdf);
  served = await startServe({
    files: {
      'open.pdf': pdf,
      'locked.pdf': pdf,
      'locked.pdf.json': JSON.stringify({ param: { download: false } }),
      'stringly.pdf': pdf,
      'stringly.pdf.json': JSON.stringify({ param: { download: 'yes' } }),
      // The folder default (.folio.json, below) forbids download; this document allows it again.
      'allowed.pdf': pdf,
      'allowed.pdf.json': JSON.stringify({ param: { download: true } }),
      'big.pdf': Buffer.alloc(2048, 0x20),
    },
    links: { 'escape.pdf': path.join(outside, 'secret.pdf'), 'inside.pdf': 'open.pdf' },
    options: { maxBytes: 1024 * 1024 },
  });
});

afterAll(async () => {
  await served.close();
  await rm(outside, { recursive: true, force: true });
});

const api = (rest: string) => `${BASE}api/${rest}`;

describe('ids resolve only inside DOCS_DIR', () => {
  test.each([
    ['../ encoded', '..%2F..%2Fetc%2Fpasswd'],
    ['an absolute path', '%2Fetc%2Fpasswd'],
    ['a URL', 'http%3A%2F%2F127.0.0.1%3A1%2Fx.pdf'],
    ['a file: URL', 'file%3A%2F%2F%2Fetc%2Fpasswd'],
    ['a backslash path', '..%5C..%5Cwin.ini'],
    ['a hidden file (the folder default)', '.folio.json'],
    ['a symlink out of DOCS_DIR', 'escape.pdf'],
  ])('%s is refused (400) on metadata, content and original', async (_what, id) => {
    for (const suffix of ['', '/content', '/original']) {
      const res = await rawRequest(served.origin, api(`documents/${id}${suffix}`));
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body.toString('utf8'))).toEqual({ error: 'bad_id' });
    }
  });

  test('a raw ../ never reaches a file', async () => {
    const res = await rawRequest(served.origin, api('documents/../../../../etc/passwd'));
    expect([403, 404]).toContain(res.status); // @fastify/static refuses the dot segments
    expect(res.body.toString('utf8')).not.toContain('root:');
  });

  test('a symlink to a file inside DOCS_DIR is served', async () => {
    expect((await getMeta(served, 'inside.pdf')).body).toMatchObject({ pageCount: 2 });
  });

  test('an unknown id is a 404', async () => {
    expect(await getMeta(served, 'nothing.pdf')).toEqual({
      status: 404,
      body: { error: 'not_found' },
    });
  });

  test('a file over MAX_FILE_MB is refused with 413', async () => {
    await writeFile(path.join(served.docsDir, 'huge.pdf'), Buffer.alloc(1024 * 1024 + 1));
    const meta = await getMeta(served, 'huge.pdf');
    expect(meta.status).toBe(413);
    expect(meta.body.error).toBe('too_large');
  });
});

describe('content', () => {
  const url = () => `${served.api}documents/open.pdf/content`;

  test('Range answers 206 with exactly those bytes', async () => {
    const res = await fetch(url(), { headers: { Range: 'bytes=100-199' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${String(pdf.length)}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(pdf.subarray(100, 200)))).toBe(
      true,
    );
  });

  test('ETag revalidates (304) and the bytes are never sniffed', async () => {
    const first = await fetch(url());
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-type')).toBe('application/pdf');
    // Raw: fetch adds `Cache-Control: no-cache` to a conditional request, which forbids a 304.
    const again = await rawRequest(served.origin, api('documents/open.pdf/content'), 'GET', {
      'If-None-Match': etag ?? '',
    });
    expect(again.status).toBe(304);
  });
});

describe('original follows the download policy', () => {
  beforeAll(async () => {
    await writeFile(
      path.join(served.docsDir, '.folio.json'),
      JSON.stringify({ param: { download: false, showSearch: true } }),
    );
  });
  afterAll(() => rm(path.join(served.docsDir, '.folio.json')));

  const original = (id: string) => fetch(`${served.api}documents/${id}/original`);

  test('403 when the sidecar or the folder default turns download off', async () => {
    for (const id of ['locked.pdf', 'open.pdf']) {
      const res = await original(id);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'download_not_allowed' });
    }
  });

  test('a wrong type is the restrictive value', async () => {
    expect((await original('stringly.pdf')).status).toBe(403);
  });

  test("the document's own param wins over the folder default", async () => {
    const res = await original('allowed.pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const meta = await getMeta(served, 'allowed.pdf');
    expect(meta.body.param).toEqual({ download: true, showSearch: true });
  });
});

test('health answers 200', async () => {
  const res = await fetch(`${served.api}health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    status: 'ok',
    auth: 'off',
    source: 'folder',
    sourceAnswers: 'ok',
    conversionsPending: 0,
    // The server tests need LibreOffice (docs/server.md).
    converters: { libreoffice: true },
    poolQueued: 0,
    underPressure: false,
  });
});

describe('the built app under BASE_PATH', () => {
  test('index.html: settings for this base, never cached, with its CSP header', async () => {
    const res = await fetch(`${served.origin}${BASE}`);
    const html = await res.text();
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain('window.routerBase = "/viewer/"');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy).not.toContain("'unsafe-eval'");
  });

  test('deep links get index.html; a missing chunk stays a 404', async () => {
    const deep = await fetch(`${served.origin}${BASE}a/b/c?doc=x`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('folio-settings');
    expect((await fetch(`${served.origin}${BASE}missing.0123abcd.js`)).status).toBe(404);
    expect((await fetch(`${served.api}nothing`)).status).toBe(404);
  });

  test('hashed assets are immutable; an old build’s chunk is still served', async () => {
    const current = await fetch(`${served.origin}${BASE}main.0123abcd.js`);
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const old = await fetch(`${served.origin}${BASE}viewer.89abcdef.js`);
    expect(old.status).toBe(200);
    expect(await old.text()).toContain('old chunk');
  });

  test('the base without its slash redirects', async () => {
    const res = await fetch(`${served.origin}/viewer?doc=a`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/viewer/?doc=a');
  });
});
