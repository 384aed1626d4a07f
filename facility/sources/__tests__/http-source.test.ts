/**
 * The HTTP source against a real origin the test starts (docs/server.md, "Document sources"):
 * with and without range support and ETags, its credentials sent and nothing else, every failure
 * answered with its code, and a changed file read as a new version; then the facility over it.
 */
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { plainPdf } from '../../../server/routes/__tests__/_fixtures.ts';
import { createFacility } from '../../facility.ts';
import type { Facility } from '../../facility.ts';
import { createHttpSource, expandTemplate, parseHeaders, parseTemplate } from '../http-source.ts';
import { createSourceHealth } from '../source-health.ts';
import type { DocumentSource } from '../source.ts';
import { guardFromHereMb } from '../../pool/__tests__/_memory-guard.ts';

jest.setTimeout(60_000);

interface Origin {
  url: string;
  files: Map<string, Buffer>;
  /** Honour Range; send ETag (else Last-Modified only); answer HEAD. */
  ranges: boolean;
  etags: boolean;
  head: boolean;
  seen: http.IncomingHttpHeaders[];
  /** Bytes of document sent, all requests together. */
  sent: number;
  close: () => Promise<void>;
}

const CREDENTIAL = 'Bearer origin-secret-123';

async function startOrigin(): Promise<Origin> {
  const origin: Origin = {
    url: '',
    files: new Map(),
    ranges: true,
    etags: true,
    head: true,
    seen: [],
    sent: 0,
    close: () => Promise.resolve(),
  };
  let version = 0;
  const versions = new Map<Buffer, number>();
  const server = http.createServer((req, res) => {
    origin.seen.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://origin');
    const id = decodeURIComponent(url.pathname.replace(/^\/files\//, ''));
    if (req.headers.authorization !== CREDENTIAL) return res.writeHead(401).end();
    if (id === 'forbidden.pdf') return res.writeHead(403).end();
    if (id === 'broken.pdf') return res.writeHead(500).end();
    if (id === 'slow.pdf') return; // never answers
    if (id === 'in.pdf') return res.writeHead(302, { location: '/files/a.pdf' }).end();
    if (id === 'away.pdf') {
      return res.writeHead(302, { location: 'http://127.0.0.2:9/files/a.pdf' }).end();
    }
    if (id === 'file.pdf') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (id.startsWith('loop')) {
      return res
        .writeHead(302, { location: `/files/loop${String(Number(id.slice(4)) + 1)}` })
        .end();
    }
    if (id === 'chunked.pdf') {
      // No Content-Length, and more than the limit.
      res.writeHead(200, { 'content-type': 'application/pdf' });
      for (let i = 0; i < 15; i += 1) res.write(Buffer.alloc(4096));
      res.end();
      return;
    }
    if (id === 'cut.pdf') {
      res.writeHead(200, { 'content-length': '10000' });
      res.write(Buffer.alloc(1000));
      setTimeout(() => res.destroy(), 50);
      return;
    }
    if (id === 'steady.pdf') {
      // 1 s of body: longer than the connect time-out, within the total one.
      res.writeHead(200, { 'content-length': '10000' });
      let sent = 0;
      const timer = setInterval(() => {
        res.write(Buffer.alloc(1000, 1));
        sent += 1;
        if (sent === 10) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
      return;
    }
    if (id === 'dribble.pdf') {
      res.writeHead(200, { 'content-length': '10000' });
      res.write(Buffer.alloc(1000)); // then nothing: the total time-out ends it
      return;
    }
    const bytes = origin.files.get(id);
    if (bytes === undefined) return res.writeHead(404).end();
    if (!versions.has(bytes)) versions.set(bytes, (version += 1));
    const headers: Record<string, string> = {
      'content-type': 'application/pdf',
      'last-modified': new Date(Date.UTC(2026, 0, versions.get(bytes))).toUTCString(),
    };
    if (origin.etags) headers.etag = `"v${String(versions.get(bytes))}"`;
    if (origin.ranges) headers['accept-ranges'] = 'bytes';
    if (req.method === 'HEAD' && !origin.head) return res.writeHead(405).end();
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    let status = 200;
    let body = bytes;
    if (origin.ranges && range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), bytes.length - 1);
      body = bytes.subarray(start, end + 1);
      status = 206;
      headers['content-range'] = `bytes ${String(start)}-${String(end)}/${String(bytes.length)}`;
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return res.end();
    origin.sent += body.length;
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  origin.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return origin;
}

let origin: Origin;
let source: DocumentSource;
const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

beforeAll(async () => {
  origin = await startOrigin();
  origin.files.set('a.pdf', bytes);
  origin.files.set('contracts/2026/b.pdf', bytes);
  source = createHttpSource({
    template: `${origin.url}/files/{+id}`,
    headers: parseHeaders(`Authorization: ${CREDENTIAL}`),
    connectTimeoutMs: 500,
    totalTimeoutMs: 1500,
  });
});

afterAll(() => origin.close());

beforeEach(() => {
  origin.ranges = true;
  origin.etags = true;
  origin.head = true;
});

describe('the template and the headers, checked at start', () => {
  test.each([
    [
      'https://dms.internal/files/{id}',
      'contracts/2026/a b.pdf',
      'https://dms.internal/files/contracts%2F2026%2Fa%20b.pdf',
    ],
    [
      'https://dms.internal/files/{+id}',
      'contracts/2026/a b.pdf',
      'https://dms.internal/files/contracts/2026/a%20b.pdf',
    ],
    ['https://dms.internal/get?path={id}', 'a&b.pdf', 'https://dms.internal/get?path=a%26b.pdf'],
  ])('%s with %s', (template, id, url) => {
    expect(expandTemplate(template, id)).toBe(url);
  });

  test.each([
    ['no placeholder', 'https://dms.internal/files/'],
    ['two placeholders', 'https://dms.internal/{id}/{id}'],
    ['file:', 'file:///srv/{id}'],
    ['credentials in the URL', 'https://user:pass@dms.internal/{id}'],
    ['not a URL', 'dms.internal/{id}'],
  ])('%s is refused', (_why, template) => {
    expect(() => parseTemplate(template)).toThrow(/DOCS_URL/);
  });

  test('DOCS_HEADERS: strict, and an error never shows a value', () => {
    expect(parseHeaders('Authorization: Bearer x\nX-Tenant: 7')).toEqual({
      authorization: 'Bearer x',
      'x-tenant': '7',
    });
    for (const bad of [
      'Authorization Bearer secret-value',
      ': secret-value',
      'Bad Name: secret-value',
      'Cookie: secret-value',
      'Range: bytes=0-1',
    ]) {
      expect(() => parseHeaders(bad)).toThrow(/DOCS_HEADERS line 1/);
      try {
        parseHeaders(bad);
      } catch (error) {
        expect(String(error)).not.toContain('secret-value');
      }
    }
  });
});

describe('reading', () => {
  test.each([
    ['ranges and ETags', true, true, true],
    ['no ranges, Last-Modified only', false, false, true],
    ['no HEAD', true, true, false],
  ])('%s: stat, a range, the whole file', async (_name, ranges, etags, head) => {
    Object.assign(origin, { ranges, etags, head });
    for (const id of ['a.pdf', 'contracts/2026/b.pdf']) {
      const stated = await source.stat(id);
      expect(stated).toMatchObject({ kind: 'ok', stat: { size: bytes.length } });
      if (stated.kind === 'ok' && etags) expect(stated.stat.version).toMatch(/^"v\d+"$/);
      expect(await source.readRange(id, 1000, 1099)).toEqual(bytes.subarray(1000, 1100));
      const chunks: Buffer[] = [];
      for await (const chunk of await source.read(id, 1_000_000)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(bytes);
    }
  });

  test('a range from an origin that supports them moves only its bytes', async () => {
    const before = origin.sent;
    await source.readRange('a.pdf', 0, 99);
    expect(origin.sent - before).toBe(100);
  });

  test('only the server’s own credential is sent: no cookie, no reader token', () => {
    for (const headers of origin.seen) {
      expect(headers.authorization).toBe(CREDENTIAL);
      expect(headers.cookie).toBeUndefined();
    }
  });

  test('a changed file is a new version', async () => {
    origin.files.set('changing.pdf', Buffer.from('first'));
    const first = await source.stat('changing.pdf');
    origin.files.set('changing.pdf', Buffer.from('second!'));
    const second = await source.stat('changing.pdf');
    expect(first.kind === 'ok' && second.kind === 'ok').toBe(true);
    if (first.kind !== 'ok' || second.kind !== 'ok') return;
    expect(second.stat.version).not.toBe(first.stat.version);
    origin.etags = false;
    origin.files.set('changing.pdf', Buffer.from('third'));
    const third = await source.stat('changing.pdf');
    expect(third.kind === 'ok' && third.stat.version).not.toBe(second.stat.version);
  });

  test('redirects within the origin are followed', async () => {
    expect(await source.stat('in.pdf')).toMatchObject({ kind: 'ok', stat: { size: bytes.length } });
  });

  test.each([
    ['to another origin', 'away.pdf'],
    ['to file:', 'file.pdf'],
    ['more than 3 times', 'loop0'],
  ])('a redirect %s is refused', async (_why, id) => {
    await expect(source.stat(id)).rejects.toMatchObject({ code: 'source_refused' });
  });

  test.each([
    ['forbidden.pdf', 'source_refused'],
    ['broken.pdf', 'source_unavailable'],
    ['slow.pdf', 'source_timeout'],
  ])('%s: %s', async (id, code) => {
    await expect(source.stat(id)).rejects.toMatchObject({ code });
  });

  test('a body longer than the connect time-out is read whole: that time-out ends with the headers', async () => {
    let read = 0;
    for await (const chunk of await source.read('steady.pdf', 50_000)) {
      read += (chunk as Buffer).length;
    }
    expect(read).toBe(10_000);
  });

  test("the whole file of a version: another version's bytes are refused", async () => {
    const stated = await source.stat('a.pdf');
    if (stated.kind !== 'ok') throw new Error('a.pdf is there');
    let read = 0;
    for await (const chunk of await source.read('a.pdf', 50_000, stated.stat.version)) {
      read += (chunk as Buffer).length;
    }
    expect(read).toBe(bytes.length);
    await expect(source.read('a.pdf', 50_000, '"v-gone"')).rejects.toMatchObject({
      code: 'source_unavailable',
    });
  });

  test('a missing file is not found', async () => {
    expect(await source.stat('none.pdf')).toEqual({ kind: 'not_found' });
  });

  test('too large by Content-Length, and while streaming without one', async () => {
    await expect(source.read('a.pdf', 100)).rejects.toMatchObject({ code: 'too_large' });
    const chunks = async () => {
      for await (const chunk of await source.read('chunked.pdf', 50_000)) {
        expect(chunk).toBeInstanceOf(Buffer);
      }
    };
    await expect(chunks()).rejects.toMatchObject({ code: 'too_large' });
  });
});

describe('the facility over the origin', () => {
  let facility: Facility;
  let cacheDir: string;
  let docsDir: string;

  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'folio-http-cache-'));
    docsDir = await mkdtemp(path.join(tmpdir(), 'folio-http-docs-'));
    origin.files.set('report.pdf', Buffer.from(await plainPdf(2)));
    facility = createFacility({
      docsDir,
      cacheDir,
      source,
      maxBytes: 50_000,
      pool: { maxRssMb: guardFromHereMb() },
    });
  });

  afterAll(async () => {
    await facility.pool.close();
    await rm(cacheDir, { recursive: true, force: true });
    await rm(docsDir, { recursive: true, force: true });
  });

  const body = (answer: unknown) => (answer as { body: Record<string, unknown> }).body;

  /**
   * The answer once the copy is whole: an origin that answers ranges is read by ranges first, and
   * the previews are named only once the copy has filled (docs/server.md, "Document sources").
   */
  async function wholeAnswer(id: string): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = body(await facility.metadata(id));
      if (answer.previews !== undefined || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test('a PDF opens; a changed file is a new version with new previews', async () => {
    const first = await wholeAnswer('report.pdf');
    expect(first).toMatchObject({ pageCount: 2 });
    origin.files.set('report.pdf', Buffer.from(await plainPdf(3)));
    const second = await wholeAnswer('report.pdf');
    expect(second).toMatchObject({ pageCount: 3 });
    const url = (meta: Record<string, unknown>) => (meta.previews as { url: string }).url;
    expect(url(second)).not.toBe(url(first));
    // The old version's copy is gone; the old previews' hash answers 404.
    const copies = await readdir(path.join(cacheDir, 'sources'), { recursive: true });
    expect(copies.filter((name) => name.includes('/'))).toHaveLength(1);
    const oldHash = /previews\/([0-9a-f]{64})\//.exec(url(first))?.[1] ?? '';
    expect(await facility.preview('report.pdf', oldHash, '1-240.webp')).toMatchObject({
      body: { error: 'not_found' },
    });
  });

  test.each([
    ['none.pdf', 404, 'not_found'],
    ['forbidden.pdf', 502, 'source_refused'],
    ['slow.pdf', 504, 'source_timeout'],
    ['broken.pdf', 502, 'source_unavailable'],
    ['cut.pdf', 502, 'source_unavailable'],
    ['dribble.pdf', 504, 'source_timeout'],
    ['chunked.pdf', 413, 'too_large'],
  ])('%s answers %i %s and leaves nothing in the cache', async (id, status, error) => {
    const answer = (await facility.content(id)) as {
      status: number;
      body: { error: string };
      headers?: Record<string, unknown>;
    };
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(error);
    if (error === 'source_unavailable') expect(answer.headers?.['Retry-After']).toBe(5);
    const left = await readdir(path.join(cacheDir, 'sources'), { recursive: true }).catch(() => []);
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('a file over the limit is 413 too_large before it is read', async () => {
    origin.files.set('huge.pdf', Buffer.alloc(60_000));
    const before = origin.sent;
    expect(await facility.content('huge.pdf')).toMatchObject({
      status: 413,
      body: { error: 'too_large' },
    });
    expect(origin.sent - before).toBe(0);
  });

  test('an origin that is down answers 502 source_unavailable with Retry-After', async () => {
    const down = createFacility({
      pool: { maxRssMb: guardFromHereMb() },
      docsDir,
      cacheDir,
      source: createHttpSource({ template: 'http://127.0.0.1:9/files/{id}' }),
    });
    try {
      expect(await down.metadata('a.pdf')).toMatchObject({
        status: 502,
        body: { error: 'source_unavailable' },
        headers: { 'Retry-After': 5 },
      });
      // What health says of each origin.
      expect(await createSourceHealth(down.source)()).toBe('source_unavailable');
      expect(await createSourceHealth(source)()).toBe('ok');
    } finally {
      await down.pool.close();
    }
  });
});
