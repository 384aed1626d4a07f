/**
 * The one bounded pool where the server parses and decodes untrusted bytes (docs/server.md,
 * "Limits"): pdf.js reading a PDF's facts, and pdf-lib turning a PNG or JPEG into a PDF. Each kind
 * of work is a named task of pool-worker.ts, so another kind (a page preview) is one more export
 * there and one more call here, sharing the same threads, queue and limits.
 *
 * Why piscina: a well-kept worker-thread pool with a bounded queue, per-task abort (the thread is
 * terminated and replaced) and V8 heap limits per thread; nothing here schedules by hand.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PdfFacts } from './pdf-facts-types.ts';

const WORKER = new URL('./pool-worker.ts', import.meta.url).href;

export interface PoolOptions {
  /** Threads at most; capped at the core count. Default: the core count. */
  threads?: number;
  /** Tasks waiting beyond the running ones; more are refused ({@link PoolBusyError}). */
  maxQueue?: number;
  /** V8 heap per thread (decoded image bytes are bounded by the pixel limit instead). */
  heapMb?: number;
  /** A task running longer is stopped (its thread terminated). */
  timeoutMs?: number;
  /** Each task's kind, how long it took and how it ended (the server's metrics). */
  onTask?: (kind: TaskKind, ms: number, outcome: 'ok' | 'failed' | 'timeout') => void;
}

export interface ImageJob {
  input: string;
  output: string;
  ext: string;
}

interface Tasks {
  facts: { input: string; result: PdfFacts };
  image: { input: ImageJob; result: undefined };
}
export type TaskKind = keyof Tasks;

/** The queue is full: the caller answers 503 with Retry-After. */
export class PoolBusyError extends Error {}
/** The task ran past the pool's time limit. */
export class PoolTimeoutError extends Error {}

export interface Pool {
  run: <K extends TaskKind>(kind: K, input: Tasks[K]['input']) => Promise<Tasks[K]['result']>;
  /** Tasks waiting for a thread. */
  queued: () => number;
  /** Tasks running now. */
  running: () => number;
  close: () => Promise<void>;
}

export const POOL_DEFAULTS = { maxQueue: 256, heapMb: 512, timeoutMs: 60_000 };

export function createPool(options: PoolOptions = {}): Pool {
  const threads = Math.max(1, Math.min(options.threads ?? Infinity, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? POOL_DEFAULTS.timeoutMs;
  const piscina = new Piscina({
    filename: WORKER,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    maxQueue: options.maxQueue ?? POOL_DEFAULTS.maxQueue,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? POOL_DEFAULTS.heapMb },
  });
  let active = 0;

  async function run<K extends TaskKind>(
    kind: K,
    input: Tasks[K]['input'],
  ): Promise<Tasks[K]['result']> {
    if (piscina.queueSize >= piscina.options.maxQueue) {
      throw new PoolBusyError(`${String(piscina.queueSize)} tasks are waiting for the pool`);
    }
    const startedAt = performance.now();
    const signal = AbortSignal.timeout(timeoutMs);
    active += 1;
    try {
      const result = (await piscina.run(input, { name: kind, signal })) as Tasks[K]['result'];
      options.onTask?.(kind, performance.now() - startedAt, 'ok');
      return result;
    } catch (error) {
      const timedOut = signal.aborted;
      options.onTask?.(kind, performance.now() - startedAt, timedOut ? 'timeout' : 'failed');
      if (timedOut) throw new PoolTimeoutError(`took longer than ${String(timeoutMs / 1000)} s`);
      if (error instanceof Error && error.message === 'Task queue is at limit') {
        throw new PoolBusyError(error.message);
      }
      throw error;
    } finally {
      active -= 1;
    }
  }

  return {
    run,
    queued: () => piscina.queueSize,
    running: () => Math.max(0, active - piscina.queueSize),
    close: () => piscina.close({ force: true }),
  };
}
