/**
 * The queue's figures of docs/server.md's "Scaling out": `npx node bench/server-queue.ts`
 * (redis-server and LibreOffice installed). 24 small office files (.txt and .rtf in turn) are
 * asked for at once, each through one of the servers in turn, and polled every 200 ms until
 * complete; printed, as Markdown, the time until the last is complete and conversions per minute,
 * for the in-process converter and for the queue with 1 or 2 workers behind 2 servers. Each setup
 * runs twice, in order then in reverse, so a load that rises or falls meanwhile favours none.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { settingsScript } from '../server/settings-block.ts';
import {
  freePort,
  killAll,
  officeFiles,
  startRedis,
  startServeProcess,
  startWorker,
  stop,
} from '../server/__tests__/_cluster.ts';
import type { Proc, Shared } from '../server/__tests__/_cluster.ts';
import { fakeDist, pollUntilSettled } from '../server/__tests__/_serve.ts';

const FILES = 24;

interface Setup {
  label: string;
  /** Workers, each running `concurrency` conversions; none: the servers convert in-process. */
  workers: number;
  concurrency: number;
  servers: number;
}

const SETUPS: Setup[] = [
  { label: 'in-process, 1 server', workers: 0, concurrency: 2, servers: 1 },
  { label: 'queue, 2 servers, 1 worker', workers: 1, concurrency: 1, servers: 2 },
  { label: 'queue, 2 servers, 1 worker', workers: 1, concurrency: 2, servers: 2 },
  { label: 'queue, 2 servers, 2 workers', workers: 2, concurrency: 1, servers: 2 },
];

const root = await mkdtemp(path.join(tmpdir(), 'folio-measure-queue-'));
const docsDir = path.join(root, 'docs');
await mkdir(docsDir);
const [distDir = ''] = await fakeDist(root, settingsScript({ routerBase: '/' }));
const names = await officeFiles(docsDir, 'measure', FILES);
const redisPort = await freePort();
const redis = await startRedis(redisPort);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

try {
  console.log(
    `${new Date().toISOString()}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${String(availableParallelism())} cores, load average ${load()}`,
  );
  console.log(
    '\n| setup | CONVERT_CONCURRENCY | 24 files | conversions/min | load average after |\n| --- | --- | --- | --- | --- |',
  );
  for (const [index, setup] of [...SETUPS, ...SETUPS.toReversed()].entries()) {
    const shared: Shared = {
      redisUrl: setup.workers > 0 ? `redis://127.0.0.1:${String(redisPort)}` : undefined,
      docsDir,
      cacheDir: path.join(root, `cache-${String(index)}`),
    };
    await mkdir(shared.cacheDir);
    const env = { CONVERT_CONCURRENCY: String(setup.concurrency) };
    const procs: Proc[] = [];
    const workers = await Promise.all(
      Array.from({ length: setup.workers }, () => startWorker(shared, env)),
    );
    const servers = await Promise.all(
      Array.from({ length: setup.servers }, () => startServeProcess(shared, distDir, env)),
    );
    procs.push(...workers, ...servers);
    try {
      const start = performance.now();
      await Promise.all(
        names.map((name, i) => pollUntilSettled(servers[i % servers.length], name, 300_000)),
      );
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `| ${setup.label} | ${String(setup.concurrency)} | ${seconds.toFixed(1)} s | ${((FILES / seconds) * 60).toFixed(0)} | ${load()} |`,
      );
    } finally {
      await Promise.all(procs.map((proc) => stop(proc)));
    }
  }
} finally {
  await stop(redis);
  killAll();
  await rm(root, { recursive: true, force: true });
}
