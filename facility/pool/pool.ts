/**
 * The one bounded pool where the server parses and decodes untrusted bytes (docs/server.md,
 * "Limits"): pdf.js reading a PDF's facts or drawing a page preview, and pdf-lib turning a PNG or
 * JPEG (and, decoded by sharp, HEIC, AVIF and TIFF) into a PDF, drawing a DXF, pdfkit drawing OFD,
 * EPUB, mind maps and diagrams as pages. Each kind of work is a named task of pool-worker.ts, sharing the same threads,
 * queue and limits.
 *
 * Why piscina: a well-kept worker-thread pool with a bounded queue, per-task abort (the thread is
 * terminated and replaced) and V8 heap limits per thread; nothing here schedules by hand.
 *
 * A thread's heap limit does not cover its ArrayBuffers, where pdf.js inflates streams (a 1 KB
 * object stream that inflates to 1 GB took pdf.js 47 s and 2.2 GB): a watchdog stops the oldest
 * running task while the process is over `maxRssMb` (decision 2026-11-26-hostile-input-limits).
 *
 * Which task runs next is decided here, not in piscina's queue: tasks wait in a fair queue
 * (fair-queue.ts) by level and by reader, one thread is kept for opening documents, and a task's
 * time limit starts when it starts running, so a long wait is never taken for a hostile file
 * (docs/decisions/2026-12-06-fair-pool.md).
 */
import { availableParallelism } from 'node:os';
// Node's own timers even under jsdom (the web tests start the dev facility): they can be unref'd.
import { clearInterval, setInterval } from 'node:timers';
import type { Transferable as WorkerTransferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { FairQueue } from './fair-queue.ts';
import type { Level } from './fair-queue.ts';
import { askerLeft, currentLane } from './lane.ts';
import type { ByteRange, PdfFacts } from '../facts/pdf-facts-types.ts';
import type { RemoteFactsJob } from '../facts/pdf-facts-worker.ts';
import type { PageText, PageTextJob } from '../previews/page-text.ts';
import type { PreviewJob } from '../previews/preview-types.ts';
import type { DecodedImage, DecodedImageJob } from '../conversion/image-pages.ts';
import type { DrawnDxf, DxfJob } from '../conversion/dxf-pages.ts';
import type { SheetGridJob } from '../conversion/sheet-grid.ts';
import type { PreparedText, TextJob } from '../conversion/text-prepare.ts';
import type { CleanedReferences, ReferencesJob } from '../conversion/references.ts';
import type { Drawn, DrawnJob } from '../conversion/drawn-pdf.ts';
import type { SheetJob, SheetOutcome } from '../sheets/sheet-task.ts';
import type { IsoFactsJob } from '../media/iso-facts.ts';
import type { MediaFacts } from '../media/probe.ts';

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
  /**
   * Tasks waiting beyond the running ones; when full, more from a reader who holds their share
   * of it are refused ({@link PoolBusyError}).
   */
  maxQueue?: number;
  /** Tasks one lane (a reader, lane.ts) may have waiting; more are refused. */
  maxQueuePerLane?: number;
  /** V8 heap per thread (decoded image bytes are bounded by the pixel limit instead). */
  heapMb?: number;
  /** A task running longer (its wait for a thread not counted) is stopped, its thread terminated. */
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
  dxf: { input: DxfJob; result: DrawnDxf };
  preview: { input: PreviewJob; result: undefined };
  pageText: { input: PageTextJob; result: PageText };
  text: { input: TextJob; result: PreparedText };
  sheetGrid: { input: SheetGridJob; result: undefined };
  references: { input: ReferencesJob; result: CleanedReferences };
  ofd: { input: DrawnJob; result: Drawn };
  epub: { input: DrawnJob; result: Drawn };
  mindMap: { input: DrawnJob; result: Drawn };
  diagram: { input: DrawnJob; result: Drawn };
  sheet: { input: SheetJob; result: SheetOutcome };
  isoFacts: { input: IsoFactsJob; result: MediaFacts | undefined };
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
  /** Threads started now, busy or idle (warm ones included). */
  threads: () => number;
  /** Resolves once the warm thread has loaded the tasks' module (at once with none warm). */
  warm: Promise<void>;
  close: () => Promise<void>;
}

export const POOL_DEFAULTS = {
  maxQueue: 256,
  maxQueuePerLane: 64,
  heapMb: 512,
  timeoutMs: 60_000,
  maxRssMb: 1536,
};
const WATCH_MS = 100;

/**
 * A task's level (fair-queue.ts): page 1 and everything that opens a document go first; other
 * pages' images and text after them.
 */
export function levelOf(kind: TaskKind, input: unknown): Level {
  // A block of rows is what a reader's screen waits for now, wherever it is (a jump to the last
  // row included): it never queues behind the read-ahead's pass over a whole sheet (its tail), a
  // table's index or a search, which are read as pages are
  // (docs/decisions/2026-12-07-sheet-first-screen-and-jump.md).
  if (kind === 'sheet') {
    const job = input as SheetJob;
    return job.task === 'book' || job.task === 'rows' ? 'open' : 'page';
  }
  if (kind !== 'preview' && kind !== 'pageText') return 'open';
  return (input as { page: number }).page === 1 ? 'open' : 'page';
}

interface Running {
  startedAt: number;
  controller: AbortController;
}

interface Waiting {
  start: () => void;
}

export function createPool(options: PoolOptions = {}): Pool {
  const threads = Math.max(1, Math.min(options.threads ?? Infinity, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? POOL_DEFAULTS.timeoutMs;
  const warmThreads = Math.min(Math.floor(options.warmThreads ?? 1), threads);
  const piscina = new Piscina({
    filename: WORKER,
    minThreads: warmThreads,
    maxThreads: threads,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? POOL_DEFAULTS.heapMb },
  });
  // The warm thread loads the tasks' module as it starts; a no-op task answers once it has.
  const warm =
    warmThreads > 0
      ? piscina.run(undefined, { name: 'ready' }).then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
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

  const queue = new FairQueue<Waiting>();
  const maxQueue = options.maxQueue ?? POOL_DEFAULTS.maxQueue;
  const maxQueuePerLane = options.maxQueuePerLane ?? POOL_DEFAULTS.maxQueuePerLane;
  // With two threads or more, one is kept for opening documents: pages never hold them all.
  const pageThreads = threads > 1 ? threads - 1 : threads;

  function startWaiting(): void {
    while (active < threads) {
      const next = queue.take((level) => level === 'open' || active < pageThreads);
      if (!next) return;
      active += 1;
      next.start();
    }
  }

  /** Runs a task on a thread, its time limit counting from now. */
  async function runNow<K extends TaskKind>(
    kind: K,
    input: Tasks[K]['input'],
    transfer: readonly WorkerTransferable[] | undefined,
  ): Promise<Tasks[K]['result']> {
    const startedAt = performance.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const task: Running = { startedAt, controller: new AbortController() };
    const signal = AbortSignal.any([timeout, task.controller.signal]);
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
      throw error;
    } finally {
      running.delete(task);
      active -= 1;
      startWaiting();
    }
  }

  function run<K extends TaskKind>(
    kind: K,
    input: Tasks[K]['input'],
    transfer?: readonly WorkerTransferable[],
  ): Promise<Tasks[K]['result']> {
    const lane = currentLane();
    const level = levelOf(kind, input);
    const startsNow = queue.size() === 0 && active < (level === 'open' ? threads : pageThreads);
    // A full queue refuses only the lanes holding their share of it or more: one reader's flood
    // never fills it against a reader who has nothing waiting.
    const share = Math.floor(maxQueue / Math.max(1, queue.lanes()));
    const full = queue.size() >= maxQueue && queue.size(lane) >= share;
    if (!startsNow && (full || queue.size(lane) >= maxQueuePerLane)) {
      const waiting = `${String(queue.size(lane))} of this reader's ${String(queue.size())} tasks`;
      return Promise.reject(new PoolBusyError(`${waiting} are waiting for the pool`));
    }
    // Another page than page 1 whose reader went away before it started is not drawn at all.
    const left = level === 'page' ? askerLeft() : undefined;
    return new Promise((resolve, reject) => {
      const dropped = () => {
        if (queue.remove(lane, level, waiting)) {
          reject(new PoolBusyError('the reader who asked for it went away'));
        }
      };
      const waiting: Waiting = {
        start: () => {
          left?.removeEventListener('abort', dropped);
          runNow(kind, input, transfer).then(resolve, reject);
        },
      };
      queue.push(lane, level, waiting);
      left?.addEventListener('abort', dropped, { once: true });
      startWaiting();
      if (left?.aborted) dropped();
    });
  }

  return {
    run,
    queued: () => queue.size(),
    running: () => active,
    threads: () => piscina.threads.length,
    warm,
    close: () => {
      clearInterval(watchdog);
      return piscina.close({ force: true });
    },
  };
}
