/**
 * `npm run serve`'s app over the host's HTTP storage (docs/server.md, "Document sources"): a
 * signed link opens a PDF and a DOCX kept at a real origin the test starts, the origin sees the
 * server's credential and never the reader's token, neither the credential nor the origin reaches
 * the browser or the log, and the settings are checked at start.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SignJWT } from 'jose';
import { buildZip } from '../../facility/archives/__tests__/_zip.ts';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { createHttpSource, parseHeaders } from '../../facility/sources/http-source.ts';
import { secretKey } from '../auth-keys.ts';
import { sourceFromEnv } from '../source-env.ts';
import { converted } from './_converted.ts';
import { FIXTURES, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

const SECRET = 'an http-source test secret of 32+ bytes';
const CREDENTIAL = 'Bearer origin-credential-5e1f';
const files = new Map<string, Buffer>();
const seen: http.IncomingHttpHeaders[] = [];
const lines: string[] = [];
let origin: http.Server;
let originUrl: string;
let served: Served;

const token = (doc: string) =>
  new SignJWT({ doc, exp: Math.floor(Date.now() / 1000) + 300 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    seen.push(req.headers);
    const id = decodeURIComponent((req.url ?? '').replace(/^\/dms\//, ''));
    const bytes = files.get(id);
    if (req.headers.authorization !== CREDENTIAL) return res.writeHead(401).end();
    if (bytes === undefined) return res.writeHead(404).end();
    res.writeHead(200, {
      'content-length': String(bytes.length),
      etag: `"${String(bytes.length)}-${String(bytes[bytes.length - 10] ?? 0)}"`,
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  });
  origin.listen(0, '127.0.0.1');
  await once(origin, 'listening');
  originUrl = `http://127.0.0.1:${String((origin.address() as AddressInfo).port)}`;
  files.set('reports/q3.pdf', Buffer.from(await plainPdf(2)));
  files.set(
    'reports/2026/three pages.docx',
    await readFile(path.join(FIXTURES, 'three-pages.docx')),
  );
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  served = await startServe({
    options: {
      source: createHttpSource({
        template: `${originUrl}/dms/{id}`,
        headers: parseHeaders(`Authorization: ${CREDENTIAL}`),
      }),
      auth: { mode: 'tokens', keys: [secretKey(SECRET)] },
      logger: { level: 'info', stream: log },
    },
  });
});

afterAll(async () => {
  await served.close();
  origin.closeAllConnections();
  origin.close();
});

async function get(id: string, rest = '') {
  const auth = `Bearer ${await token(id)}`;
  return fetch(`${served.api}documents/${encodeURIComponent(id)}${rest}`, {
    headers: { Authorization: auth },
  });
}

test('a PDF at the origin opens; a changed file is its new content on the next open', async () => {
  const first = await get('reports/q3.pdf');
  expect(first.status).toBe(200);
  expect(await first.json()).toMatchObject({ pageCount: 2 });
  files.set('reports/q3.pdf', Buffer.from(await plainPdf(4)));
  const second = await get('reports/q3.pdf');
  expect(await second.json()).toMatchObject({ pageCount: 4 });
  const content = await get('reports/q3.pdf', '/content');
  expect(Buffer.from(await content.arrayBuffer())).toEqual(files.get('reports/q3.pdf'));
});

test('a DOCX at the origin is converted', async () => {
  const id = 'reports/2026/three pages.docx';
  const auth = { Authorization: `Bearer ${await token(id)}` };
  const last = (await pollUntilSettled(served, id, 60_000, auth)).at(-1);
  expect(last).toMatchObject({ status: 200, body: { pageCount: 3, loadedCount: 3 } });
});

test("Markdown at the origin is drawn as Markdown, as a folder's is", async () => {
  const id = 'notes/plan.md';
  files.set(id, Buffer.from('# Heading one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'));
  const { meta, text } = await converted(served, id, {
    Authorization: `Bearer ${await token(id)}`,
  });
  expect(meta.status).toBe(200);
  // The heading's mark and the table's bars are read as Markdown, not printed as text.
  expect(text).toContain('Heading one');
  expect(text).not.toContain('#');
  expect(text).not.toContain('|');
});

test('a zip at the origin is listed, and its PDF opens with the zip token (docs/server.md, "Archives and e-mail")', async () => {
  const id = 'mail/scans.zip';
  files.set(id, buildZip([{ name: '扫描/q4.pdf', data: await plainPdf(3) }]));
  const auth = { Authorization: `Bearer ${await token(id)}` };
  const listing = await fetch(`${served.api}documents/${encodeURIComponent(id)}`, {
    headers: auth,
  });
  expect(await listing.json()).toMatchObject({
    view: 'listing',
    listing: { entries: [{ id: `${id}!1`, path: '扫描/q4.pdf', opens: true }] },
  });
  const entry = await fetch(`${served.api}documents/${encodeURIComponent(`${id}!1`)}`, {
    headers: auth,
  });
  expect(entry.status).toBe(200);
  expect(await entry.json()).toMatchObject({ title: 'q4', pageCount: 3 });
});

test('missing at the origin is 404 not_found', async () => {
  const res = await get('reports/none.pdf');
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: 'not_found' });
});

test("the origin gets the server's credential, never the reader's token or a cookie", () => {
  expect(seen.length).toBeGreaterThan(0);
  for (const headers of seen) {
    expect(headers.authorization).toBe(CREDENTIAL);
    expect(headers.cookie).toBeUndefined();
  }
});

test('neither the credential nor the origin reaches a reader or the log', async () => {
  const health = await (await fetch(`${served.api}health`)).text();
  const meta = await (await get('reports/q3.pdf')).text();
  for (const text of [health, meta, lines.join('')]) {
    expect(text).not.toContain('origin-credential');
    expect(text).not.toContain(originUrl);
  }
  expect(JSON.parse(health)).toMatchObject({ source: 'http', sourceAnswers: 'ok' });
});

describe('settings checked at start', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  test.each([
    [{ DOCS_URL: 'https://dms.internal/{id}', DOCS_DIR: '/srv' }, /one document source/],
    [{ DOCS_HEADERS: 'Authorization: Bearer x' }, /needs DOCS_URL/],
    [{ DOCS_URL: 'https://dms.internal/{id}', DOCS_HEADERS: 'Bearer secret-xyz' }, /line 1/],
    [{ DOCS_URL: 'ftp://dms.internal/{id}' }, /http: or https:/],
  ])('%j is refused', (env, message) => {
    delete process.env.DOCS_DIR;
    Object.assign(process.env, env);
    expect(() => sourceFromEnv()).toThrow(message);
    try {
      sourceFromEnv();
    } catch (error) {
      expect(String(error)).not.toContain('secret-xyz');
    }
  });

  test('DOCS_URL alone is an http source; nothing is the folder', () => {
    delete process.env.DOCS_DIR;
    process.env.DOCS_URL = 'https://dms.internal/files/{+id}';
    process.env.DOCS_HEADERS = 'Authorization: Bearer x\\nX-Tenant: 7';
    expect(sourceFromEnv()?.kind).toBe('http');
    delete process.env.DOCS_URL;
    delete process.env.DOCS_HEADERS;
    expect(sourceFromEnv()).toBeUndefined();
  });
});
