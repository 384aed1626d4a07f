/**
 * REDIS_URL: real `npm run serve` and `npm run worker` processes around a real redis-server (on
 * loopback, a free port, no persistence) convert each file once however many servers ask, survive
 * a worker killed mid-conversion, and answer, never hang, while Redis restarts.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { settingsScript } from '../settings-block.ts';
import { createConverter } from '../../facility/conversion/convert.ts';
import { createPool } from '../../facility/pool/pool.ts';
import { createQueueConverter, startConversionWorker } from '../../facility/queue/queue.ts';
import {
  freePort,
  killAll,
  logged,
  officeFiles as writeOfficeFiles,
  startRedis as startRedisOn,
  startServeProcess,
  startWorker as startWorkerOn,
  stop,
  until,
} from './_cluster.ts';
import type { Proc } from './_cluster.ts';
import { fakeDist, getMeta, pollUntilSettled } from './_serve.ts';
import type { Api, Meta } from './_serve.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';

jest.setTimeout(120_000);

/** 1×1 pixel. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let root: string;
let docsDir: string;
let cacheDir: string;
let distDir: string;
let redisPort: number;
let redis: Proc;
const pollers: Proc[] = [];

async function startRedis(): Promise<void> {
  redis = await startRedisOn(redisPort);
}

/**
 * A SOFFICE_PATH that sleeps `slowS`, then runs LibreOffice (or `instead`). It runs in the
 * converters' sandbox, which shows it its own folder's parent read-only (an installation outside
 * /usr, facility/conversion/sandbox.ts): a folder of its own, not the test's root.
 */
async function sofficeWrapper(name: string, slowS = 0, instead?: string): Promise<string> {
  const soffice = execFileSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).trim();
  const file = path.join(root, 'tools', 'bin', name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    ['#!/bin/sh', `sleep ${String(slowS)}`, instead ?? `exec '${soffice}' "$@"`, ''].join('\n'),
  );
  await chmod(file, 0o755);
  return file;
}

/** The workers this file started, and the conversions run in the test process itself. */
const workers: Proc[] = [];
const inProcessRuns: Record<string, unknown>[] = [];

/** Each conversion a worker started (its `converting` event, facility/queue/queue.ts). */
function runs(): { hash: string }[] {
  return [...workers.flatMap((worker) => logged(worker, 'converting')), ...inProcessRuns].map(
    (event) => ({ hash: String(event.hash) }),
  );
}

const shared = () => ({ redisUrl: `redis://127.0.0.1:${String(redisPort)}`, docsDir, cacheDir });

async function startWorker(sofficePath: string): Promise<Proc> {
  const worker = await startWorkerOn(shared(), {
    SOFFICE_PATH: sofficePath,
    CONVERT_CONCURRENCY: '1',
    // A killed worker's job is seen stalled within 5 s. Every worker of the file has the same
    // settings: the stalled check runs once per interval for the whole queue, whoever sets it.
    QUEUE_LOCK_S: '4',
    QUEUE_STALLED_CHECK_S: '1',
    // Job folders under the test's root: a killed worker's are removed with it.
    TMPDIR: root,
  });
  pollers.push(worker);
  workers.push(worker);
  return worker;
}

async function startServer(): Promise<Api & Proc> {
  const server = await startServeProcess(shared(), distDir);
  pollers.push(server);
  return server;
}

const officeFiles = (prefix: string, count: number) => writeOfficeFiles(docsDir, prefix, count);

const complete = (meta: Meta | undefined) =>
  meta?.status === 200 && Number(meta.body.loadedCount) === Number(meta.body.pageCount);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-queue-'));
  docsDir = path.join(root, 'docs');
  cacheDir = path.join(root, 'cache');
  // As root, LibreOffice and so these wrappers run as nobody (facility/sandbox/jail.ts): let it
  // through to its job's folder and its program.
  await chmod(root, 0o711);
  await mkdir(docsDir);
  await mkdir(cacheDir);
  [distDir = ''] = await fakeDist(root, settingsScript({ routerBase: '/' }));
  redisPort = await freePort();
  await startRedis();
});

afterEach(async () => {
  await Promise.all(pollers.splice(0).map((proc) => stop(proc)));
});

afterAll(async () => {
  // A LibreOffice a killed worker left goes with it: the sandbox dies with its parent.
  killAll();
  await rm(root, { recursive: true, force: true });
});

test('two servers and two workers convert each of 12 files exactly once', async () => {
  const soffice = await sofficeWrapper('soffice-counting');
  const servers = [await startServer(), await startServer()];
  await Promise.all([startWorker(soffice), startWorker(soffice)]);
  const names = await officeFiles('batch', 12);

  const settled = await Promise.all(
    names.flatMap((name) => servers.map((server) => pollUntilSettled(server, name))),
  );
  expect(settled.map((seen) => complete(seen.at(-1)))).toEqual(settled.map(() => true));
  const hashes = runs().map((run) => run.hash);
  expect(hashes).toHaveLength(12);
  expect(new Set(hashes).size).toBe(12);
  expect((await readdir(cacheDir)).filter((name) => name.endsWith('.pdf'))).toHaveLength(12);

  const health = (await (await fetch(`${servers[0]?.api ?? ''}health`)).json()) as {
    queue: Record<string, unknown>;
  };
  expect(health.queue).toMatchObject({ available: true, waiting: 0, active: 0, workers: 2 });
});

test('a worker killed with SIGKILL mid-conversion: the other worker converts the file', async () => {
  const slow = await sofficeWrapper('soffice-slow', 3);
  const server = await startServer();
  const first = await startWorker(slow);
  const [name = ''] = await officeFiles('killed', 1);
  const runsBefore = runs().length;

  expect(await getMeta(server, name)).toMatchObject({ status: 200, body: { loadedCount: 0 } });
  await until('the first worker runs LibreOffice', () => runs().length > runsBefore);
  await stop(first, 'SIGKILL');
  await startWorker(slow);

  const killedAt = Date.now();
  const seen = await pollUntilSettled(server, name);
  expect(complete(seen.at(-1))).toBe(true);
  // The lock (4 s) lapses, the next check (1 s) sees it: then 3 s of the wrapper's sleep.
  expect(Date.now() - killedAt).toBeLessThan(15_000);
  expect(runs().length).toBe(runsBefore + 2);
});

test('SIGTERM: a worker finishes its running conversion, then exits', async () => {
  const slow = await sofficeWrapper('soffice-term', 2);
  const server = await startServer();
  const worker = await startWorker(slow);
  const [name = ''] = await officeFiles('term', 1);
  const runsBefore = runs().length;
  expect(await getMeta(server, name)).toMatchObject({ status: 200, body: { loadedCount: 0 } });
  await until('the worker runs LibreOffice', () => runs().length > runsBefore);
  expect(await stop(worker)).toBe(0);
  // No worker is left: the answer comes from the PDF the stopping worker published.
  expect(complete(await getMeta(server, name))).toBe(true);
});

test('SIGTERM with Redis away: the worker still exits, once its bound has passed', async () => {
  const port = await freePort();
  const away = await startRedisOn(port);
  const worker = await startWorkerOn(
    { redisUrl: `redis://127.0.0.1:${String(port)}`, docsDir, cacheDir },
    { CONVERT_TIMEOUT_S: '2' },
  );
  pollers.push(worker);
  await stop(away);
  const at = Date.now();
  expect(await stop(worker)).toBe(1);
  // CONVERT_TIMEOUT_S and 5 s, with room for a loaded machine.
  expect(Date.now() - at).toBeLessThan(20_000);
  expect(worker.output()).toContain('"shutdown_forced"');
});

test('Redis stopped and restarted under load: every request answers, conversions resume', async () => {
  const soffice = await sofficeWrapper('soffice-restart', 1);
  const servers = [await startServer(), await startServer()];
  await Promise.all([startWorker(soffice), startWorker(soffice)]);
  const [converted = ''] = await officeFiles('before', 1);
  await pollUntilSettled(servers[0] ?? { api: '' }, converted);
  const names = await officeFiles('outage', 6);

  const answers: { status: number; error?: unknown; ms: number }[] = [];
  /** Polls like the viewer, each request capped at 5 s: a hanging request fails the test. */
  async function poll(server: Api, name: string): Promise<Meta> {
    for (;;) {
      const startedAt = Date.now();
      const res = await fetch(`${server.api}documents/${name}`, {
        signal: AbortSignal.timeout(5000),
      });
      const meta = { status: res.status, body: (await res.json()) as Record<string, unknown> };
      answers.push({ status: meta.status, error: meta.body.error, ms: Date.now() - startedAt });
      if (meta.status === 503) expect(res.headers.get('retry-after')).toBe('5');
      if (complete(meta) || (meta.status !== 200 && meta.status !== 503)) return meta;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const polled = Promise.all(names.flatMap((name) => servers.map((server) => poll(server, name))));

  await new Promise((resolve) => setTimeout(resolve, 1000));
  await stop(redis);
  await new Promise((resolve) => setTimeout(resolve, 500));
  // While Redis is away: a converted file still opens, so does a PNG (converted in the server's
  // process), one not converted yet answers 503.
  await writeFile(path.join(docsDir, 'dot.png'), Buffer.from(PNG, 'base64'));
  for (const server of servers) {
    expect(complete(await getMeta(server, converted))).toBe(true);
    expect(complete(await getMeta(server, 'dot.png'))).toBe(true);
    const health = await fetch(`${server.api}health`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', queue: { available: false } });
  }
  await until('a 503 while Redis is away', () => answers.some((a) => a.status === 503));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await startRedis();

  const last = await polled;
  expect(last.map(complete)).toEqual(last.map(() => true));
  expect(answers.filter((a) => a.status === 503).map((a) => a.error)).toContain(
    'queue_unavailable',
  );
  expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
});

test('a sheet asking for its grid is queued under its own key, converted beside the plain one', async () => {
  const server = await startServer();
  await startWorker(await sofficeWrapper('soffice-grid'));
  const csv = '预算,,,\n,,,end\n';
  await writeFile(path.join(docsDir, 'grid.csv'), csv);
  // As pages (`sheetView`): their PDFs are what the queue makes.
  await writeFile(
    path.join(docsDir, 'grid.csv.json'),
    JSON.stringify({ param: { gridLine: true, sheetView: 'pages' } }),
  );
  await writeFile(path.join(docsDir, 'plain.csv'), csv);
  await writeFile(
    path.join(docsDir, 'plain.csv.json'),
    JSON.stringify({ param: { sheetView: 'pages' } }),
  );
  const settled = await Promise.all(
    ['grid.csv', 'plain.csv'].map((id) => pollUntilSettled(server, id)),
  );
  expect(settled.map((seen) => complete(seen.at(-1)))).toEqual([true, true]);
  const hash = createHash('sha256').update(csv).digest('hex');
  const cached = (await readdir(cacheDir)).filter((name) => name.startsWith(hash));
  expect(cached.sort()).toEqual([`${hash}-grid.pdf`, `${hash}.pdf`]);
});

describe('failures', () => {
  async function failed(soffice: string, prefix: string) {
    const server = await startServer();
    await startWorker(soffice);
    const [name = ''] = await officeFiles(prefix, 1);
    const runsBefore = runs().length;
    const last = (await pollUntilSettled(server, name)).at(-1);
    // Remembered: asking again answers the failure without another run.
    const again = await getMeta(server, name);
    return { last, again, runs: runs().length - runsBefore };
  }

  test("the document's fault (LibreOffice wrote no PDF): 502 after one run, not retried", async () => {
    const { last, again, runs } = await failed(await sofficeWrapper('no-pdf', 0, 'exit 0'), 'bad');
    expect(last).toMatchObject({ status: 502, body: { error: 'conversion_failed' } });
    expect(String(last?.body.message)).toMatch(/wrote no PDF/);
    expect(again.status).toBe(502);
    expect(runs).toBe(1);
  });

  test('a crash (LibreOffice killed): retried with backoff, then 502', async () => {
    const { last, again, runs } = await failed(
      await sofficeWrapper('crash', 0, 'kill -9 $$'),
      'crash',
    );
    expect(last).toMatchObject({ status: 502, body: { error: 'conversion_failed' } });
    expect(String(last?.body.message)).toMatch(/SIGKILL/);
    expect(again.status).toBe(502);
    expect(runs).toBe(3);
  });

  test('a failure is answered for failureMemoryS, then tried again', async () => {
    const soffice = await sofficeWrapper('no-pdf-again', 0, 'exit 0');
    const { redisUrl } = shared();
    const pool = createPool({ threads: 1, maxRssMb: guardFromHereMb() });
    const options = { cacheDir, sofficePath: soffice, concurrency: 1, timeoutMs: 30_000, pool };
    const worker = startConversionWorker({
      ...options,
      redisUrl,
      docsDir,
      lockMs: 4000,
      stalledIntervalMs: 1000,
      log: (event) => {
        if (event.event === 'converting') inProcessRuns.push(event);
      },
    });
    const converter = createQueueConverter({
      redisUrl,
      cacheDir,
      failureMemoryS: 1,
      local: createConverter(options),
    });
    try {
      const [name = ''] = await officeFiles('expiring', 1);
      const file = path.join(docsDir, name);
      const stats = await stat(file);
      const failed = async () => (await converter.state(file, stats)).kind === 'failed';
      const runsBefore = runs().length;
      await until('failed', failed);
      expect(runs().length).toBe(runsBefore + 1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await converter.state(file, stats)).toEqual({ kind: 'converting' });
      await until('failed again', failed);
      expect(runs().length).toBe(runsBefore + 2);
    } finally {
      await worker.close();
      await converter.drain(1000);
      await pool.close();
    }
  });
});
