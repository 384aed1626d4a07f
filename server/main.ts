/**
 * `npm run serve` and `npm run preview` (`--preview`): the one server (server/app.ts) from the
 * environment (docs/server.md): PORT (8000), HOST (all interfaces), BASE_PATH (/), DOCS_DIR
 * (mock/documents) or DOCS_URL + DOCS_HEADERS (server/source-env.ts), CACHE_DIR (<tmp>/folio-cache), DIST_DIR (dist/; several, newest first,
 * separated by ':'), SOFFICE_PATH (soffice), CONVERT_CONCURRENCY (the core count),
 * CONVERT_TIMEOUT_S (120), MAX_FILE_MB (100 for serve; no limit for preview), SHUTDOWN_TIMEOUT_S
 * (30), LOG_LEVEL (info for serve, warn for preview), and the page's settings (PREVIEW_API,
 * HOST_ORIGIN, SIGN_TARGET_ORIGIN), REDIS_URL (none: conversions run in this process; set, they are
 * queued for `npm run worker`, server/worker.ts) and RESULTS_S3_PREFIX (none: the converted PDFs
 * reach this server through a shared CACHE_DIR; set, through the bucket); the limits of docs/server.md, "Limits":
 * MAX_IMAGE_MEGAPIXELS (40), SOFFICE_MEMORY_MB (2048), POOL_MAX_QUEUE (256), POOL_HEAP_MB (512),
 * POOL_MAX_RSS_MB (1536), POOL_WARM_THREADS (1), POOL_MAX_QUEUE_PER_READER (64),
 * PAGE_IMAGES_PER_READER (8),
 * RATE_LIMIT_MAX (1200) per RATE_LIMIT_WINDOW_S (60), MAX_EVENT_LOOP_DELAY_MS (1000), TRUST_PROXY
 * (off: the proxies whose X-Forwarded-For names the client), VIEW_ONLY (auto: who gets documents
 * as page images only, facility/policy/view-only.ts), SHEET_VIEW (grid: how a workbook or a
 * table of text is shown, `grid` or `pages`, facility/facts/metadata.ts); METRICS_PORT (none: not served) on
 * METRICS_HOST (127.0.0.1).
 * Preview also honours the sidecars' dev simulations (`convertMs`, `delayMs`, `fail`).
 * Signed links (server/auth-keys.ts): AUTH_SECRET or AUTH_PUBLIC_KEYS, AUTH_MAX_TTL (24h); `serve` refuses to start
 * without one unless AUTH=off says to serve every document to anyone (warned); `preview` is open
 * without a key.
 * SIGTERM/SIGINT: stop accepting, finish running conversions (up to SHUTDOWN_TIMEOUT_S), exit.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertSofficeSandboxed } from '../facility/conversion/sandbox.ts';
import { DEFAULT_CACHE_DIR } from '../facility/facility.ts';
import { PAGE_IMAGES_PER_READER } from '../facility/previews/page-images.ts';
import { SERVE_LIMITS, buildServer } from './app.ts';
import { authFromEnv } from './auth-keys.ts';
import { defaultDocsDir } from './facility-routes.ts';
import { VIEW_ONLY_MODES } from '../facility/policy/view-only.ts';
import { SHEET_VIEW_MODES } from '../facility/sheets/grid-choice.ts';
import { choice, count, folder, number, proxyList, setting } from './env.ts';
import { resultsFromEnv, sourceFromEnv } from './source-env.ts';
import { normaliseBase } from './settings-block.ts';

const preview = process.argv.includes('--preview');

/** METRICS_PORT, never the public PORT: metrics are for operators (server/metrics.ts). */
function metricsPort(): number | undefined {
  if (setting('METRICS_PORT') === undefined) return undefined;
  const port = count('METRICS_PORT', 0, 1, 65535);
  if (port === count('PORT', 8000, 0, 65535)) {
    throw new Error('METRICS_PORT must differ from PORT: metrics are not for the public');
  }
  return port;
}

const repo = fileURLToPath(new URL('..', import.meta.url));
const command = preview ? 'preview' : 'serve';

try {
  const auth = await authFromEnv({ required: !preview });
  await assertSofficeSandboxed(setting('SOFFICE_PATH'));
  const app = await buildServer({
    auth,
    basePath: setting('BASE_PATH'),
    docsDir: folder('DOCS_DIR', defaultDocsDir),
    source: sourceFromEnv(),
    results: resultsFromEnv(),
    cacheDir: path.resolve(setting('CACHE_DIR') ?? DEFAULT_CACHE_DIR),
    distDirs: (setting('DIST_DIR') ?? path.join(repo, 'dist')).split(path.delimiter),
    redisUrl: setting('REDIS_URL'),
    sofficePath: setting('SOFFICE_PATH'),
    concurrency: count('CONVERT_CONCURRENCY', availableParallelism(), 1),
    convertTimeoutMs: number('CONVERT_TIMEOUT_S', 120, 1) * 1000,
    maxBytes: number('MAX_FILE_MB', preview ? Infinity : 100, 0) * 1024 * 1024,
    shutdownCapMs: number('SHUTDOWN_TIMEOUT_S', 30, 0) * 1000,
    simulate: preview,
    viewOnly: choice('VIEW_ONLY', VIEW_ONLY_MODES, 'auto'),
    sheetView: choice('SHEET_VIEW', SHEET_VIEW_MODES, 'grid'),
    pageImagesPerReader: count('PAGE_IMAGES_PER_READER', PAGE_IMAGES_PER_READER, 1),
    maxImagePixels: number('MAX_IMAGE_MEGAPIXELS', 40, 1) * 1e6,
    sofficeMemoryMb: number('SOFFICE_MEMORY_MB', 2048, 256),
    pool: {
      maxQueue: count('POOL_MAX_QUEUE', 256, 0),
      maxQueuePerLane: count('POOL_MAX_QUEUE_PER_READER', 64, 0),
      heapMb: number('POOL_HEAP_MB', 512, 64),
      maxRssMb: number('POOL_MAX_RSS_MB', 1536, 256),
      warmThreads: count('POOL_WARM_THREADS', 1, 0),
    },
    // Preview is the dev facility over a build: limited only when asked.
    limits: {
      rateLimitMax: count('RATE_LIMIT_MAX', preview ? Infinity : SERVE_LIMITS.rateLimitMax, 1),
      rateLimitWindowMs: number('RATE_LIMIT_WINDOW_S', 60, 1) * 1000,
      maxEventLoopDelayMs: number(
        'MAX_EVENT_LOOP_DELAY_MS',
        preview ? 0 : SERVE_LIMITS.maxEventLoopDelayMs,
        0,
      ),
    },
    trustProxy: proxyList('TRUST_PROXY'),
    metricsPort: metricsPort(),
    metricsHost: setting('METRICS_HOST'),
    logger: { level: setting('LOG_LEVEL') ?? (preview ? 'warn' : 'info') },
  });
  const port = count('PORT', 8000, 0, 65535);
  const host = setting('HOST') ?? '0.0.0.0';
  await app.listen({ port, host });
  const address = app.server.address();
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const listening = typeof address === 'object' && address !== null ? address.port : port;
  const base = normaliseBase(setting('BASE_PATH'));
  console.log(`Folio ${command} on http://${shown}:${String(listening)}${base}`);
  if (auth.mode === 'off' && !preview) {
    const warning = 'AUTH=off: every document is served to anyone who can reach this server';
    console.warn(`Warning: ${warning}`);
    app.log.warn({ auth: 'off' }, warning);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down: no new requests, finishing conversions');
      void app.close().then(() => {
        process.exit(0);
      });
    });
  }
} catch (error) {
  console.error(
    `Folio ${command} failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
