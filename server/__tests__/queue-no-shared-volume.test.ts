/**
 * Past one machine (docs/server.md, "Past one machine"): two `npm run serve` processes and one
 * `npm run worker`, sharing Redis and an S3 bucket (s3rver) but each with its own CACHE_DIR; the
 * documents in that bucket, or at an HTTP origin with only the results in the bucket. Each
 * process reaches the bucket through its own counting proxy, so every read is counted per process
 * at the store: each reads the document itself, the worker converts each version once and writes
 * the PDF under RESULTS_S3_PREFIX, each server copies it from there and draws its own previews.
 * docs/decisions/2026-11-29-scale-out-without-a-volume.md quotes the counts this prints.
 */
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3 } from '../../facility/sources/__tests__/_s3.ts';
import type { S3Server } from '../../facility/sources/__tests__/_s3.ts';
import { settingsScript } from '../settings-block.ts';
import {
  freePort,
  killAll,
  logged,
  startRedis,
  startServeProcess,
  startWorker,
  stop,
} from './_cluster.ts';
import type { Proc } from './_cluster.ts';
import { sampleSource, savedAs } from './_office-samples.ts';
import { FIXTURES, fakeDist, pollUntilSettled } from './_serve.ts';
import type { Api } from './_serve.ts';

jest.setTimeout(240_000);

const BUCKET = 'documents';
const ID = 'contracts/2026/three pages.docx';
const DOCUMENT = `library/${ID}`;
const RESULTS = 'folio-converted/';

/** A proxy in front of the bucket for one process: every request it passes, as `METHOD key status`. */
interface CountingProxy {
  url: string;
  asked: string[];
  close: () => void;
}

async function countingProxy(target: string): Promise<CountingProxy> {
  const { port } = new URL(target);
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', target).pathname).replace(
      `/${BUCKET}/`,
      '',
    );
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        asked.push(`${req.method ?? ''} ${key} ${String(answer.statusCode)}`);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    asked,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * A process's settings, the bucket reached through its own proxy, no DOCS_DIR: the documents in the
 * bucket (S3_BUCKET), or at an HTTP origin (DOCS_URL: s3rver answers plain GETs, with ranges and
 * ETags) with the results in a bucket of their own (RESULTS_S3_BUCKET).
 */
const SOURCES = {
  bucket: () => ({ S3_BUCKET: BUCKET, S3_PREFIX: 'library/' }),
  http: (endpoint: string) => ({
    DOCS_URL: `${endpoint}/${BUCKET}/library/{+id}`,
    RESULTS_S3_BUCKET: BUCKET,
  }),
};

describe.each(Object.keys(SOURCES) as (keyof typeof SOURCES)[])('documents from %s', (source) => {
  const env = (endpoint: string) => ({
    DOCS_DIR: '',
    ...SOURCES[source](endpoint),
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    RESULTS_S3_PREFIX: RESULTS,
  });

  let s3: S3Server;
  let root: string;
  let distDir: string;
  let redisUrl: string;
  let redis: Proc;
  let worker: Proc;
  /** The PDF of the document's second version, as the servers served it. */
  let latest: Buffer;
  const servers: (Api & Proc)[] = [];
  const proxies: Record<'serverA' | 'serverB' | 'worker', CountingProxy> = {} as never;

  /** How often each process's request at the bucket was `METHOD key status`. */
  function counts(line: string) {
    return Object.fromEntries(
      Object.entries(proxies).map(([name, proxy]) => [
        name,
        proxy.asked.filter((asked) => asked === line).length,
      ]),
    );
  }

  /** A server's answer once settled, the PDF it serves and its page 1 preview's status. */
  async function openOn(served: Api) {
    const meta = (await pollUntilSettled(served, ID, 120_000)).at(-1);
    const content = await fetch(`${served.api}documents/${encodeURIComponent(ID)}/content`);
    const previews = meta?.body.previews as { url: string; widths: number[] } | undefined;
    const url = (previews?.url ?? '')
      .replace('{page}', '1')
      .replace('{width}', String(previews?.widths[0]));
    const preview = await fetch(`${served.api}${url}`);
    return {
      meta,
      pdf: Buffer.from(await content.arrayBuffer()),
      preview: { status: preview.status, type: preview.headers.get('content-type') },
    };
  }

  /** Both servers asked at once, as two readers would. */
  const openOnBoth = () => Promise.all(servers.map(openOn));

  /** The converted PDFs a process's CACHE_DIR holds (`<content hash>.pdf`). */
  async function convertedIn(cacheDir: string) {
    return (await readdir(cacheDir)).filter((name) => name.endsWith('.pdf'));
  }

  /** The one converted PDF in `cacheDir` whose bytes are `pdf`. */
  async function holding(cacheDir: string, pdf: Buffer): Promise<string> {
    const names: string[] = [];
    for (const name of await convertedIn(cacheDir)) {
      if ((await readFile(path.join(cacheDir, name))).equals(pdf)) names.push(name);
    }
    expect(names).toHaveLength(1);
    return names[0];
  }

  /** Each process's requests at the bucket since `from` (by process), counted by kind. */
  function tally(from: Partial<Record<keyof typeof proxies, number>> = {}): string {
    return Object.entries(proxies)
      .map(([name, proxy]) => {
        const seen = new Map<string, number>();
        for (const line of proxy.asked.slice(from[name as keyof typeof proxies] ?? 0)) {
          seen.set(line, (seen.get(line) ?? 0) + 1);
        }
        const lines = [...seen].map(([line, count]) => `  ${String(count)} × ${line}`);
        return `${name}:\n${lines.join('\n')}`;
      })
      .join('\n');
  }

  const cacheDirs = { serverA: '', serverB: '', worker: '' };

  beforeAll(async () => {
    s3 = await startS3(BUCKET);
    await s3.put(DOCUMENT, await readFile(path.join(FIXTURES, 'three-pages.docx')));
    for (const name of ['serverA', 'serverB', 'worker'] as const) {
      proxies[name] = await countingProxy(s3.url);
    }
    root = await mkdtemp(path.join(tmpdir(), 'folio-no-volume-'));
    for (const name of Object.keys(cacheDirs) as (keyof typeof cacheDirs)[]) {
      cacheDirs[name] = path.join(root, `cache-${name}`);
      await mkdir(cacheDirs[name]);
    }
    [distDir = ''] = await fakeDist(root, settingsScript({ routerBase: '/' }));
    redisUrl = `redis://127.0.0.1:${String(await freePort())}`;
    redis = await startRedis(Number(new URL(redisUrl).port));
    worker = await startWorker(
      { redisUrl, docsDir: '', cacheDir: cacheDirs.worker },
      env(proxies.worker.url),
    );
    for (const name of ['serverA', 'serverB'] as const) {
      servers.push(
        await startServeProcess(
          { redisUrl, docsDir: '', cacheDir: cacheDirs[name] },
          distDir,
          env(proxies[name].url),
        ),
      );
    }
  });

  afterAll(async () => {
    // Redis is stopped by the last test: closing a queue would wait for it, so no graceful stop.
    await Promise.all([...servers, worker].map((proc) => stop(proc, 'SIGKILL')));
    await stop(redis);
    killAll();
    for (const proxy of Object.values(proxies)) proxy.close();
    await s3.close();
    await rm(root, { recursive: true, force: true });
  });

  test('each process reads the document itself; the worker converts it once; both serve its PDF', async () => {
    const [a, b] = await openOnBoth();
    for (const answer of [a, b]) {
      expect(answer.meta).toMatchObject({ status: 200, body: { pageCount: 3, loadedCount: 3 } });
      expect(answer.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Drawn by each server from its own copy of the PDF.
      expect(answer.preview).toEqual({ status: 200, type: 'image/webp' });
    }
    expect(a.pdf.equals(b.pdf)).toBe(true);
    expect(logged(worker, 'converted')).toHaveLength(1);
    const [key] = await convertedIn(cacheDirs.worker);
    expect(await convertedIn(cacheDirs.serverA)).toEqual([key]);
    expect(await convertedIn(cacheDirs.serverB)).toEqual([key]);

    // The document crossed once to each process; the PDF was written once and read once per server.
    expect(counts(`GET ${DOCUMENT} 200`)).toEqual({ serverA: 1, serverB: 1, worker: 1 });
    expect(counts(`PUT ${RESULTS}${key} 200`)).toEqual({ serverA: 0, serverB: 0, worker: 1 });
    expect(counts(`GET ${RESULTS}${key} 200`)).toEqual({ serverA: 1, serverB: 1, worker: 0 });
    console.log(`first version: requests per process at the bucket\n${tally()}`);
  });

  test('a document changed at its source is read again by each process and converted again, once', async () => {
    const before = { serverA: 0, serverB: 0, worker: 0 };
    for (const name of Object.keys(before) as (keyof typeof before)[]) {
      before[name] = proxies[name].asked.length;
    }
    const changed = (await savedAs('text', sampleSource('text'), ['.docx'])).get('.docx');
    if (changed === undefined) throw new Error('LibreOffice made no .docx');
    await s3.put(DOCUMENT, changed);

    const [a, b] = await openOnBoth();
    for (const answer of [a, b]) {
      expect(answer.meta).toMatchObject({ status: 200, body: { pageCount: 1, loadedCount: 1 } });
      expect(answer.preview).toEqual({ status: 200, type: 'image/webp' });
    }
    expect(a.pdf.equals(b.pdf)).toBe(true);
    latest = a.pdf;
    expect(logged(worker, 'converted')).toHaveLength(2);
    const key = await holding(cacheDirs.serverA, a.pdf);
    expect(await holding(cacheDirs.serverB, b.pdf)).toBe(key);
    expect(await holding(cacheDirs.worker, a.pdf)).toBe(key);
    expect(counts(`GET ${DOCUMENT} 200`)).toEqual({ serverA: 2, serverB: 2, worker: 2 });
    expect(counts(`PUT ${RESULTS}${key} 200`)).toEqual({ serverA: 0, serverB: 0, worker: 1 });
    expect(counts(`GET ${RESULTS}${key} 200`)).toEqual({ serverA: 1, serverB: 1, worker: 0 });
    console.log(`second version: requests per process at the bucket\n${tally(before)}`);
  });

  test('with Redis away, a server new to the document opens its PDF from the bucket', async () => {
    await stop(redis);
    const proxy = await countingProxy(s3.url);
    try {
      const cacheDir = path.join(root, 'cache-serverC');
      await mkdir(cacheDir);
      const serverC = await startServeProcess(
        { redisUrl, docsDir: '', cacheDir },
        distDir,
        env(proxy.url),
      );
      servers.push(serverC); // stopped with the others
      const answer = await openOn(serverC);
      expect(answer.meta).toMatchObject({ status: 200, body: { pageCount: 1, loadedCount: 1 } });
      expect(answer.pdf.equals(latest)).toBe(true);
      expect(answer.preview).toEqual({ status: 200, type: 'image/webp' });
      expect(logged(worker, 'converted')).toHaveLength(2);
      const copied = proxy.asked.filter((line) => line.startsWith(`GET ${RESULTS}`));
      expect(copied).toEqual([expect.stringMatching(/ 200$/) as unknown]);
    } finally {
      proxy.close();
    }
  });
});
