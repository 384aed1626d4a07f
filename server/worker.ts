/**
 * `npm run worker`: runs the conversions `npm run serve` queues when REDIS_URL is set
 * (facility/queue/queue.ts), from the environment (docs/server.md): REDIS_URL (required), DOCS_DIR
 * (mock/documents) and CACHE_DIR (<tmp>/folio-cache) — the servers' folders, mounted here too, or
 * RESULTS_S3_PREFIX where the servers share no CACHE_DIR (server/source-env.ts) —,
 * SOFFICE_PATH (soffice), CONVERT_CONCURRENCY (the core count), CONVERT_TIMEOUT_S (120),
 * QUEUE_LOCK_S (30: a killed worker's job goes to another after this), QUEUE_STALLED_CHECK_S (as
 * QUEUE_LOCK_S), MAX_IMAGE_MEGAPIXELS (40) and SOFFICE_MEMORY_MB (2048) as for the server. One JSON
 * line per event on stdout.
 * SIGTERM/SIGINT: take no new job, finish the running ones, exit (1 if that takes longer than
 * CONVERT_TIMEOUT_S and 5 s: Redis away).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertSofficeSandboxed } from '../facility/conversion/sandbox.ts';
import { DEFAULT_CACHE_DIR } from '../facility/facility.ts';
import { createPool } from '../facility/pool/pool.ts';
import { startConversionWorker } from '../facility/queue/queue.ts';
import { count, folder, number, setting } from './env.ts';
import { resultsFromEnv, sourceFromEnv } from './source-env.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const log = (event: Record<string, unknown>) => {
  console.log(JSON.stringify({ time: new Date().toISOString(), pid: process.pid, ...event }));
};

try {
  const redisUrl = setting('REDIS_URL');
  if (redisUrl === undefined) throw new Error('REDIS_URL is not set: the worker needs the queue');
  await assertSofficeSandboxed(setting('SOFFICE_PATH'));
  const lockS = number('QUEUE_LOCK_S', 30, 1);
  const concurrency = count('CONVERT_CONCURRENCY', availableParallelism(), 1);
  const pool = createPool({ threads: concurrency });
  const timeoutMs = number('CONVERT_TIMEOUT_S', 120, 1) * 1000;
  /** How long a stop may take: the running conversions' bound, and a little for Redis. */
  const closeBoundMs = timeoutMs + 5_000;
  const worker = startConversionWorker({
    redisUrl,
    docsDir: folder('DOCS_DIR', path.join(repo, 'mock', 'documents')),
    source: sourceFromEnv(),
    results: resultsFromEnv(),
    maxBytes: number('MAX_FILE_MB', 100, 0) * 1024 * 1024,
    cacheDir: path.resolve(setting('CACHE_DIR') ?? DEFAULT_CACHE_DIR),
    sofficePath: setting('SOFFICE_PATH') ?? 'soffice',
    concurrency,
    timeoutMs,
    pool,
    maxImagePixels: number('MAX_IMAGE_MEGAPIXELS', 40, 1) * 1e6,
    sofficeMemoryMb: number('SOFFICE_MEMORY_MB', 2048, 256),
    lockMs: lockS * 1000,
    stalledIntervalMs: number('QUEUE_STALLED_CHECK_S', lockS, 1) * 1000,
    log,
  });
  await worker.waitUntilReady();
  log({ event: 'worker_ready', concurrency });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log({ event: 'shutting_down', signal });
      // Running jobs finish (bounded by CONVERT_TIMEOUT_S); waiting ones stay for other workers.
      // Closing waits for Redis, which may be away: past the jobs' own bound the worker goes
      // anyway, and a job it held is taken up by another worker once its lock lapses.
      const forced = setTimeout(() => {
        log({ event: 'shutdown_forced', afterS: closeBoundMs / 1000 });
        process.exit(1);
      }, closeBoundMs);
      void worker.close().then(async () => {
        clearTimeout(forced);
        await pool.close();
        process.exit(0);
      });
    });
  }
} catch (error) {
  console.error(
    `Folio worker failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
