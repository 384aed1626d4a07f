/**
 * The one bounded pool where the server parses and decodes untrusted bytes (docs/server.md,
 * "Limits"): pdf.js reading a PDF's facts or drawing a page preview, and pdf-lib turning a PNG or
 * JPEG (and, decoded by sharp, HEIC, AVIF and TIFF) into a PDF. Each kind of work is a named task of pool-worker.ts, sharing the same threads,
 * queue and limits.
 *
 * Why piscina: a well-kept worker-thread pool with a bounded queue, per-task abort (the thread is
 * terminated and replaced) and V8 heap limits per thread; nothing here schedules by hand.
 *
 * A thread's heap limit does not cover its ArrayBuffers, where pdf.js inflates streams (a 1 KB
 * object stream that inflates to 1 GB took pdf.js 47 s and 2.2 GB): a watchdog stops the oldest
 * running task while the process is over `maxRssMb` (decision 2026-11-26-hostile-input-limits).
 */
import { availableParallelism } from 'node:os';
// Node's own timers even under jsdom (the web tests start the dev facility): they can be unref'd.
import { clearInterval, setInterval } from 'node:timers';
import type { Transferable as WorkerTransferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ByteRange, PdfFacts } from '../facts/pdf-facts-types.ts';
import type { RemoteFactsJob } from '../facts/pdf-facts-worker.ts';
import type { PageText, PageTextJob } from '../previews/page-text.ts';
import type { PreviewJob } from '../previews/preview-types.ts';
import type { DecodedImage, DecodedImageJob } from '../conversion/image-pages.ts';
import type { SheetGridJob } from '../conversion/sheet-grid.ts';
import type { PreparedText, TextJob } from '../conversion/text-prepare.ts';
import type { CleanedReferences, ReferencesJob } from '../conversion/references.ts';

const WORKER = new URL('./pool-worker.ts', import.meta.url).href;

export interface PoolOptions {
  /** Threads at most; capped at the core count. Default: the core count. */
  threads?: number;
  /**
   * Threads started with the pool and kept when idle (at most `threads`); others stop after 30 s
   * idle. Starting one loads pdf.js into it, ≈ 0.35 s of a core and ≈ 90 MB, which a preview
   * asked for after a quiet spell would otherwise wait for. Default 1
   * (docs/decisions/2026-11-27-a-warm-pool-thread.md).
   */
  warmThreads?: number;
  /** Tasks waiting beyond the running ones; more are refused ({@link PoolBusyError}). */
  maxQueue?: number;
  /** V8 heap per thread (decoded image bytes are bounded by the pixel limit instead). */
  heapMb?: number;
  /** A task running longer is stopped (its thread terminated). */
  timeoutMs?: number;
  /** While the process's RSS is over this, the oldest running task is stopped. */
  maxRssMb?: number;
  /** Each task's kind, how long it took and how it ended (the server's metrics). */
  onTask?: (kind: TaskKind, ms: number, outcome: 'ok' | 'failed' | 'timeout' | 'memory') => void;
}

export interface ImageJob {
  input: string;
  output: string;
  ext: string;
}

interface Tasks {
  facts: { input: string; result: PdfFacts };
  remoteFacts: { input: RemoteFactsJob; result: PdfFacts };
  ranges: { input: string; result: ByteRange[] };
  image: { input: ImageJob; result: undefined };
  decodedImage: { input: DecodedImageJob; result: DecodedImage };
  preview: { input: PreviewJob; result: undefined };
  pageText: { input: PageTextJob; result: PageText };
  text: { input: TextJob; result: PreparedText };
  sheetGrid: { input: SheetGridJob; result: undefined };
  references: { input: ReferencesJob; result: CleanedReferences };
}
export type TaskKind = keyof Tasks;

/** The queue is full: the caller answers 503 with Retry-After. */
export class PoolBusyError extends Error {}
/** The task ran past the pool's time limit. */
export class PoolTimeoutError extends Error {}
/** The task was stopped while the process used more memory than allowed. */
export class PoolMemoryError extends Error {}

export interface Pool {
  /** `transfer`: what moves to the thread rather than being copied (a MessagePort). */
  run: <K extends TaskKind>(
    kind: K,
    input: Tasks[K]['input'],
    transfer?: readonly WorkerTransferable[],
  ) => Promise<Tasks[K]['result']>;
  /** Tasks waiting for a thread. */
  queued: () => number;
  /** Tasks running now. */
  running: () => number;
  close: () => Promise<void>;
}

export const POOL_DEFAULTS = { maxQueue: 256, heapMb: 512, timeoutMs: 60_000, maxRssMb: 1536 };
const WATCH_MS = 100;

interface Running {
  startedAt: number;
  controller: AbortController;
}

export function createPool(options: PoolOptions = {}): Pool {
  const threads = Math.max(1, Math.min(options.threads ?? Infinity, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? POOL_DEFAULTS.timeoutMs;
  const piscina = new Piscina({
    filename: WORKER,
    minThreads: Math.min(Math.floor(options.warmThreads ?? 1), threads),
    maxThreads: threads,
    idleTimeout: 30_000,
    maxQueue: options.maxQueue ?? POOL_DEFAULTS.maxQueue,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? POOL_DEFAULTS.heapMb },
  });
  let active = 0;
  const running = new Set<Running>();
  const maxRss = (options.maxRssMb ?? POOL_DEFAULTS.maxRssMb) * 1024 * 1024;
  const watchdog = setInterval(() => {
    if (running.size === 0 || process.memoryUsage.rss() <= maxRss) return;
    let oldest: Running | undefined;
    for (const task of running) if (!oldest || task.startedAt < oldest.startedAt) oldest = task;
    if (oldest) {
      running.delete(oldest);
      oldest.controller.abort(new PoolMemoryError('memory'));
    }
  }, WATCH_MS);
  watchdog.unref();

  async function run<K extends TaskKind>(
    kind: K,
    input: Tasks[K]['input'],
    transfer?: readonly WorkerTransferable[],
  ): Promise<Tasks[K]['result']> {
    if (piscina.queueSize >= piscina.options.maxQueue) {
      throw new PoolBusyError(`${String(piscina.queueSize)} tasks are waiting for the pool`);
    }
    const startedAt = performance.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const task: Running = { startedAt, controller: new AbortController() };
    const signal = AbortSignal.any([timeout, task.controller.signal]);
    active += 1;
    running.add(task);
    try {
      const result = (await piscina.run(input, {
        name: kind,
        signal,
        transferList: transfer,
      })) as Tasks[K]['result'];
      options.onTask?.(kind, performance.now() - startedAt, 'ok');
      return result;
    } catch (error) {
      const ms = performance.now() - startedAt;
      if (task.controller.signal.aborted) {
        options.onTask?.(kind, ms, 'memory');
        throw new PoolMemoryError(
          `stopped: the server was over its memory limit (${String(maxRss / 1024 / 1024)} MB) while reading it`,
        );
      }
      if (timeout.aborted) {
        options.onTask?.(kind, ms, 'timeout');
        throw new PoolTimeoutError(`took longer than ${String(timeoutMs / 1000)} s`);
      }
      options.onTask?.(kind, ms, 'failed');
      if (error instanceof Error && error.message === 'Task queue is at limit') {
        throw new PoolBusyError(error.message);
      }
      throw error;
    } finally {
      active -= 1;
      running.delete(task);
    }
  }

  return {
    run,
    queued: () => piscina.queueSize,
    running: () => Math.max(0, active - piscina.queueSize),
    close: () => {
      clearInterval(watchdog);
      return piscina.close({ force: true });
    },
  };
}
