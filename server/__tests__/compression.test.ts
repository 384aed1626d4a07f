/**
 * Compression and caching (docs/server.md, "npm run serve"): the build's brotli and gzip siblings are served by
 * Accept-Encoding, cached like the file they encode; a PDF and its byte ranges never are encoded;
 * a large JSON answer (a listing) and a cached JSON file (a sheet's block of rows) are compressed
 * as they go, a small one is not.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildZip } from '../../facility/archives/__tests__/_zip.ts';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { startServer } from '../app.ts';
import type { RunningServer } from '../app.ts';
import { IMMUTABLE } from '../static-files.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';

const SCRIPT = `console.log(${JSON.stringify('folio '.repeat(1000))});`;
let root: string;
let server: RunningServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-compression-'));
  const dist = path.join(root, 'dist');
  const docs = path.join(root, 'docs');
  await mkdir(dist);
  await mkdir(docs);
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script id="folio-settings">window.routerBase = "/";</script></head></html>',
  );
  const script = path.join(dist, 'main.0123abcd.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(docs, 'a.pdf'), await plainPdf(3));
  const entries = Array.from({ length: 600 }, (_, at) => ({
    name: `folder-${String(at % 7)}/entry-${String(at)}.txt`,
    data: Buffer.from(`entry ${String(at)}`),
  }));
  await writeFile(path.join(docs, 'many.zip'), buildZip(entries));
  const rows = Array.from(
    { length: 3000 },
    (_, at) => `${String(at)},row ${String(at)},${String(at * 7)}`,
  );
  await writeFile(path.join(docs, 'table.csv'), `n,name,value\n${rows.join('\n')}\n`);
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    docsDir: docs,
    distDirs: [dist],
    sheetView: 'grid',
    pool: { maxRssMb: guardFromHereMb() },
  });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** Node's fetch decodes bodies itself; these requests ask for the encoding and read it raw. */
async function get(pathname: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(new URL(pathname, server.url), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
      });
      req.on('error', reject);
      req.end();
    },
  );
}

test.each([
  ['br, gzip', 'br', brotliCompressSync(SCRIPT)],
  ['gzip, deflate', 'gzip', gzipSync(SCRIPT)],
  ['identity', undefined, Buffer.from(SCRIPT)],
])(
  'Accept-Encoding %s → %s, cached for a year, Vary: Accept-Encoding',
  async (accept, encoding, body) => {
    const res = await get('main.0123abcd.js', { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.equals(body)).toBe(true);
  },
);

test('index.html is revalidated (no-cache), never a precompressed copy', async () => {
  const res = await get('', { 'accept-encoding': 'br, gzip', accept: 'text/html' });
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['content-encoding']).toBeUndefined();
});

test('a PDF and its byte ranges are never encoded', async () => {
  const res = await get('api/documents/a.pdf/content', {
    'accept-encoding': 'br, gzip',
    range: 'bytes=0-99',
  });
  expect(res.status).toBe(206);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(res.body.length).toBe(100);
});

/** The body as sent, decoded by its Content-Encoding. */
function decoded(res: { headers: Record<string, unknown>; body: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

test.each([
  ['br, gzip', 'br'],
  ['gzip', 'gzip'],
  ['identity', undefined],
])('a listing of 600 entries (Accept-Encoding %s) goes as %s', async (accept, encoding) => {
  const res = await get('api/documents/many.zip', { 'accept-encoding': accept });
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe(encoding);
  expect(res.headers['cache-control']).toBe('no-store');
  const listing = (JSON.parse(decoded(res)) as { listing: { entries: unknown[] } }).listing;
  expect(listing.entries).toHaveLength(600);
  if (encoding !== undefined) {
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(decoded(res)) / 4);
  }
});

test('a small JSON answer is not encoded', async () => {
  const res = await get('api/documents/a.pdf', { 'accept-encoding': 'br, gzip' });
  expect(res.status).toBe(200);
  expect(res.body.length).toBeLessThan(8 * 1024);
  expect(res.headers['content-encoding']).toBeUndefined();
});

test("a sheet's cached block of rows is compressed, the same rows as unencoded", async () => {
  const meta = await get('api/documents/table.csv', {});
  const rows = (JSON.parse(decoded(meta)) as { sheet: { rows: string } }).sheet.rows;
  const block = `api/${rows.replace('{sheet}', '0').replace('{from}', '0')}`;
  const plain = await get(block, { 'accept-encoding': 'identity' });
  const packed = await get(block, { 'accept-encoding': 'br' });
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(packed.status).toBe(200);
  expect(packed.headers['content-encoding']).toBe('br');
  expect(packed.headers['content-length']).toBeUndefined();
  expect(packed.headers['cache-control']).toContain('immutable');
  expect(decoded(packed)).toBe(plain.body.toString('utf8'));
  expect(packed.body.length).toBeLessThan(plain.body.length / 3);
});
