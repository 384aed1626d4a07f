/**
 * What an operator watches (docs/server.md, "Metrics"): Prometheus metrics (prom-client) served on
 * their own port, METRICS_PORT, never on the public one — they name documents' routes and the
 * server's load, which readers have no business seeing.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheOutcome } from '../facility/facts/pdf-facts.ts';
import type { Pool, TaskKind } from '../facility/pool/pool.ts';
import type { PreviewOutcome } from '../facility/previews/previews.ts';

const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** The facility's failure codes that refuse an input rather than fail on it. */
const REFUSALS = new Set(['too_large', 'unsupported']);

export interface ServerMetrics {
  registry: Registry;
  request: (route: string, method: string, status: number, seconds: number) => void;
  /** A pool task ended (pool.ts `onTask`). */
  task: (kind: TaskKind, ms: number, outcome: string) => void;
  factsLookup: (outcome: CacheOutcome) => void;
  previewLookup: (outcome: PreviewOutcome) => void;
  /** The facility's structured events (`converted`, `conversion_failed`, `refused`). */
  facilityEvent: (event: Record<string, unknown>) => void;
  watchPool: (pool: Pool) => void;
  /** Serves `GET /metrics` on its own listener; resolves with its address. */
  listen: (port: number, host: string) => Promise<AddressInfo>;
  close: () => Promise<void>;
}

export function createMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'folio_' });
  const requests = new Counter({
    name: 'folio_http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'folio_http_request_duration_seconds',
    help: 'Time to answer, by route pattern',
    labelNames: ['route'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const taskSeconds = new Histogram({
    name: 'folio_pool_task_duration_seconds',
    help: 'Pool tasks (facts: a pdf.js parse; ranges: the bytes page 1 needs; image: a PNG/JPEG to PDF; preview: a page drawn), by kind and outcome',
    labelNames: ['kind', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const conversionSeconds = new Histogram({
    name: 'folio_conversion_duration_seconds',
    help: 'Conversions to PDF that succeeded, queueing included',
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const conversionFailures = new Counter({
    name: 'folio_conversion_failures_total',
    help: 'Conversions that ended without a PDF, by code',
    labelNames: ['code'],
    registers: [registry],
  });
  const factsLookups = new Counter({
    name: 'folio_pdf_facts_lookups_total',
    help: 'Where PDF facts came from: memory or disk (cache hits) or a parse',
    labelNames: ['source'],
    registers: [registry],
  });
  const previewLookups = new Counter({
    name: 'folio_preview_lookups_total',
    help: 'Page previews served from CACHE_DIR (cached), drawn in the pool (rendered), or failed',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'folio_refused_inputs_total',
    help: 'Documents refused before any parse, by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  let pool: Pool | undefined;
  new Gauge({
    name: 'folio_pool_queued_tasks',
    help: 'Pool tasks waiting for a thread',
    registers: [registry],
    collect() {
      this.set(pool?.queued() ?? 0);
    },
  });
  new Gauge({
    name: 'folio_pool_running_tasks',
    help: 'Pool tasks running',
    registers: [registry],
    collect() {
      this.set(pool?.running() ?? 0);
    },
  });

  let server: Server | undefined;

  return {
    registry,
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      requestSeconds.observe({ route }, seconds);
    },
    task(kind, ms, outcome) {
      taskSeconds.observe({ kind, outcome }, ms / 1000);
    },
    factsLookup(outcome) {
      factsLookups.inc({ source: outcome });
    },
    previewLookup(outcome) {
      previewLookups.inc({ outcome });
    },
    facilityEvent(event) {
      const code = typeof event.error === 'string' ? event.error : undefined;
      if (event.event === 'converted' && typeof event.ms === 'number') {
        conversionSeconds.observe(event.ms / 1000);
      } else if (event.event === 'conversion_failed') {
        conversionFailures.inc({ code: code ?? 'conversion_failed' });
        if (code !== undefined && REFUSALS.has(code)) refused.inc({ reason: code });
      } else if (event.event === 'refused') {
        refused.inc({ reason: code ?? 'refused' });
      }
    },
    watchPool(watched) {
      pool = watched;
    },
    listen(port, host) {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => {
            res.writeHead(200, { 'Content-Type': registry.contentType }).end(text);
          },
          () => {
            res.writeHead(500).end();
          },
        );
      });
      const listening = server;
      return new Promise((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          resolve(listening.address() as AddressInfo);
        });
      });
    },
    close() {
      const open = server;
      if (!open) return Promise.resolve();
      return new Promise((resolve) => {
        open.close(() => {
          resolve();
        });
        open.closeAllConnections();
      });
    },
  };
}
