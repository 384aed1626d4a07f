/**
 * Conversions on a BullMQ queue in Redis (REDIS_URL): servers enqueue, `npm run worker` processes
 * run LibreOffice (the same job as convert.ts's in-process converter), and everyone shares
 * CACHE_DIR — or, with no volume in common, the converted PDFs go through a bucket
 * (s3-results.ts, RESULTS_S3_PREFIX) into each server's own CACHE_DIR. The cache is the truth;
 * Redis only coordinates:
 *
 * - The job id is the conversion's key (convert.ts `conversionKey`: the content hash), so any number of servers asking for the same file add one job.
 * - A server answers `ready` from the cached PDF without Redis, so PDFs and converted files open
 *   while Redis is away; conversions not cached yet answer `queue_unavailable` (503) then.
 * - A Redis that lost its jobs (restarted without persistence) heals by itself: the next poll finds
 *   no PDF and no job, and adds it again. A worker finding the PDF already there does nothing.
 * - Failures that are the document's (LibreOffice wrote no PDF, timeout) fail the job at once
 *   (UnrecoverableError); the machine's (crash, no LibreOffice, a worker killed: stalled) are
 *   retried with backoff. A failed job is the failure's record: adding the same id again is a no-op,
 *   so the failure is answered, not retried, until it is older than `failureMemoryS`.
 * - PNG and JPEG stay in the server's process (pdf-lib, milliseconds): no queue, no Redis. HEIC,
 *   AVIF and TIFF are jobs (decoding a large one takes seconds), run in the worker's pool.
 * - Media transcodes (facility/media/playable.ts) are jobs too, named `transcode`, their id
 *   `<sha256>-media`: the server probes (a fraction of a second) and the worker runs ffmpeg,
 *   publishing `<CACHE_DIR>/media/<sha256>.mp4|.m4a`, which the server waits for.
 */
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import {
  PLAIN,
  cachedOutput,
  cachedState,
  conversionKey,
  convertsAtOnce,
  createHasher,
  createJobRunner,
} from '../conversion/convert.ts';
import type {
  ConversionState,
  Converter,
  Rendition,
  RunnerOptions,
} from '../conversion/convert.ts';
import { createArchives } from '../archives/entries.ts';
import { DEFAULT_ARCHIVE_LIMITS } from '../archives/listing.ts';
import { openedByPassword } from '../policy/passwords.ts';
import { ConversionError } from '../conversion/failures.ts';
import type { FailureCode } from '../conversion/failures.ts';
import { makePlayable } from '../media/playable.ts';
import type { TranscodeElsewhere } from '../media/playable.ts';
import { DEFAULT_MEDIA_LIMITS } from '../media/probe.ts';
import type { MediaLimits } from '../media/probe.ts';
import { resolveDocument } from '../sources/files.ts';
import type { Resolved } from '../sources/files.ts';
import type { ConversionResults } from './s3-results.ts';
import { createSourceCopies } from '../sources/source-copy.ts';
import { asSourceError } from '../sources/source.ts';
import type { DocumentSource } from '../sources/source.ts';

const QUEUE_NAME = 'folio-conversions';

/**
 * What a worker needs: the document's id in DOCS_DIR, the content that was asked for, and how it
 * is to look (a job without `gridLine`, from a server before it, is a plain one).
 */
export interface ConversionJob {
  name: string;
  hash: string;
  gridLine?: boolean;
  /** A spreadsheet saved as a workbook for the sheet view (convert.ts `Rendition`). */
  to?: 'xlsx';
}

/** How long a failed conversion is answered as failed before a request tries it again. */
const FAILURE_MEMORY_S = 3600;
/**
 * Reconnect every half second at first, then every 5 s at most, forever: servers and workers
 * recover by themselves when Redis is back.
 */
const retryStrategy = (times: number) => Math.min(times * 500, 5000);
/** No request waits longer than this on Redis: it answers 503 instead. */
const REDIS_WAIT_MS = 2000;
const QUEUE_RETRY_AFTER_S = 5;
/** How often a server looks at a transcode's job while a worker runs it. */
const TRANSCODE_POLL_MS = 500;

/** A media transcode's job id: beside the content's PDF conversion, never the same job. */
const transcodeId = (hash: string) => `${hash}-media`;

/** failedReason is only a string: the failure's code goes in front of its message. */
function failureReason(code: FailureCode, message: string): string {
  return `${code}: ${message}`;
}

const WORKER_CODES: readonly string[] = [
  'converter_not_installed',
  'conversion_failed',
  'too_large',
  'unsupported',
] satisfies FailureCode[];

function parseFailure(reason: string): { error: FailureCode; message: string } {
  const match = /^([a-z_]+): ([\s\S]*)$/.exec(reason);
  if (match?.[1] !== undefined && WORKER_CODES.includes(match[1])) {
    return { error: match[1] as FailureCode, message: match[2] };
  }
  // BullMQ's own reasons, e.g. a job that stalled more often than maxStalledCount.
  return { error: 'conversion_failed', message: reason };
}

/** `work` within `ms`, or a rejection: a Redis that does not answer must not hold a request. */
async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`Redis did not answer within ${String(ms)} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface QueueConverterOptions {
  redisUrl: string;
  cacheDir: string;
  /** How long a failure is answered before a request tries again. Default: an hour. */
  failureMemoryS?: number;
  /** Converts PNG and JPEG: pdf-lib takes milliseconds, so they are answered at once, Redis or not. */
  local: Converter;
  /** Where workers share converted PDFs when CACHE_DIR is not shared (s3-results.ts). */
  results?: ConversionResults;
  /** One structured event when Redis cannot be reached (the server logs it). */
  log?: (event: Record<string, unknown>) => void;
}

/** The servers' side: convert.ts's {@link Converter} over the queue, and media transcodes. */
export interface QueueConverter extends Converter {
  /** A transcode as a worker's job (facility/media/playable.ts). */
  transcode: TranscodeElsewhere;
}

/** The servers' side: the {@link Converter} of convert.ts over the queue. */
export function createQueueConverter(options: QueueConverterOptions): QueueConverter {
  const { cacheDir, local, failureMemoryS = FAILURE_MEMORY_S } = options;
  const log = options.log ?? (() => undefined);
  const contentHash = createHasher();
  const { results } = options;
  /** Copies from `results` in progress, by key: one per conversion, however many polls ask. */
  const copying = new Map<string, Promise<ConversionState | undefined>>();

  /** The conversion copied from `results` into this CACHE_DIR; undefined when it is not there. */
  async function fromResults(key: string): Promise<ConversionState | undefined> {
    if (results === undefined) return undefined;
    let copy = copying.get(key);
    if (copy === undefined) {
      copy = results.copyTo(key, cachedOutput(cacheDir, key)).then(
        async (found) => (found ? cachedState(cacheDir, key) : undefined),
        (error: unknown) => {
          // Asked again on the next poll; meanwhile the job is added (a no-op when it is done).
          const message = error instanceof Error ? error.message : String(error);
          log({ event: 'results_unavailable', message });
          return undefined;
        },
      );
      copying.set(key, copy);
      void copy.finally(() => copying.delete(key));
    }
    return copy;
  }

  interface Connecting {
    queue: Queue<ConversionJob>;
    ready: Promise<void>;
    isReady: boolean;
    /** Why Redis refused so far, while the queue has not reached it yet. */
    lastError?: string;
  }
  let current: Connecting | undefined;
  /** Drained: no transcode is waited for any more. */
  let closed = false;

  /**
   * The queue once it has reached Redis. BullMQ keeps a connection whose start failed (Redis went
   * away during its first commands) failed for good, so such a queue is replaced on the next call.
   * Before the first connection, BullMQ waits for Redis: a refusal seen meanwhile is answered at
   * once instead (once connected, the disabled offline queue makes commands fail at once).
   */
  function connected(): Promise<Queue<ConversionJob>> {
    if (!current) {
      const queue = new Queue<ConversionJob>(QUEUE_NAME, {
        // Fail at once while disconnected rather than queueing commands a request would wait for;
        // ioredis keeps reconnecting meanwhile.
        connection: { url: options.redisUrl, enableOfflineQueue: false, retryStrategy },
        defaultJobOptions: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 2000 },
          removeOnComplete: true,
          // Tidies failures no one asks about any more; one asked about is retried below.
          removeOnFail: { age: failureMemoryS },
        },
      });
      const made: Connecting = { queue, ready: queue.waitUntilReady(), isReady: false };
      queue.on('error', (error) => {
        made.lastError = error.message;
        log({ event: 'queue_error', message: error.message });
      });
      current = made;
      made.ready.then(
        () => {
          made.isReady = true;
        },
        () => {
          if (current === made) current = undefined;
          void queue.close().catch(() => undefined);
        },
      );
    }
    const { queue, ready, isReady, lastError } = current;
    if (isReady) return Promise.resolve(queue);
    if (lastError !== undefined) return Promise.reject(new Error(lastError));
    return new Promise((resolve, reject) => {
      queue.once('error', reject);
      ready.then(() => {
        queue.off('error', reject);
        resolve(queue);
      }, reject);
    });
  }

  /** The job's state; undefined when there is none: never added, or done and removed. */
  async function lookUp(key: string): Promise<ConversionState | undefined> {
    const queue = await connected();
    // One round trip per poll while the job waits or runs.
    const jobState = await queue.getJobState(key);
    if (jobState === 'unknown') return undefined;
    if (jobState !== 'failed') return { kind: 'converting' };
    const failed = await queue.getJob(key);
    if (failed && Date.now() - (failed.finishedOn ?? 0) > failureMemoryS * 1000) {
      // Back to waiting under the same id; another server doing the same at once makes it throw.
      await failed
        .retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true })
        .catch(() => undefined);
      return { kind: 'converting' };
    }
    return { kind: 'failed', ...parseFailure(failed?.failedReason ?? '') };
  }

  async function add(
    name: string,
    hash: string,
    key: string,
    rendition: Rendition,
  ): Promise<ConversionState> {
    const queue = await connected();
    // A no-op when another server added it meanwhile: one conversion per key.
    await queue.add(
      'convert',
      { name, hash, gridLine: rendition.gridLine, to: rendition.to },
      { jobId: key },
    );
    return { kind: 'converting' };
  }

  /**
   * Adds the transcode's job (a no-op when it is there) and waits for its file; the job's failure
   * is the document's, Redis away the machine's (retryable: asked again on the next request).
   */
  async function transcode(name: string, hash: string, published: string): Promise<void> {
    const id = transcodeId(hash);
    for (;;) {
      if (await cachedFile(published)) return;
      if (closed) {
        throw new ConversionError('queue_unavailable', 'the server is shutting down', true);
      }
      let state: ConversionState | undefined;
      try {
        state = await within(REDIS_WAIT_MS, () => lookUp(id));
        if (state === undefined) {
          // Done and removed between the look at the file and this one, or never added.
          if (await cachedFile(published)) return;
          await within(REDIS_WAIT_MS, async () => {
            const queue = await connected();
            await queue.add('transcode', { name, hash }, { jobId: id });
          });
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log({ event: 'queue_unavailable', message });
        throw new ConversionError(
          'queue_unavailable',
          `the conversion queue cannot be reached: ${message}`,
          true,
        );
      }
      if (state?.kind === 'failed') throw new ConversionError(state.error, state.message);
      await new Promise((resolve) => setTimeout(resolve, TRANSCODE_POLL_MS));
    }
  }

  return {
    transcode,
    async state(file, stats, id = path.basename(file), rendition = PLAIN) {
      // What a password opened is converted here: a worker is never given the password.
      if (convertsAtOnce(file) || openedByPassword(file)) {
        return local.state(file, stats, id, rendition);
      }
      const hash = await contentHash(file, stats);
      const key = conversionKey(file, hash, rendition);
      const cached = await cachedState(cacheDir, key);
      if (cached) return cached;
      try {
        // The bucket is asked only when no job is waiting or running: once, then when it is done.
        const state =
          (await within(REDIS_WAIT_MS, () => lookUp(key))) ??
          (await fromResults(key)) ??
          (await within(REDIS_WAIT_MS, () => add(id, hash, key, rendition)));
        // Published in the shared CACHE_DIR between the look above and the job's end (it is
        // removed once complete).
        return (await cachedState(cacheDir, key)) ?? state;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log({ event: 'queue_unavailable', message });
        // Converted already, by a worker sharing it through the bucket: it opens without Redis.
        const shared = await fromResults(key);
        if (shared) return shared;
        return {
          kind: 'failed',
          error: 'queue_unavailable',
          message: `the conversion queue cannot be reached: ${message}`,
          retryAfterS: QUEUE_RETRY_AFTER_S,
        };
      }
    },
    pending: () => local.pending(),
    // This process's: the workers convert, and one without LibreOffice fails its jobs as
    // converter_not_installed, which the viewer shows.
    converters: () => local.converters(),
    async queueHealth() {
      try {
        return await within(REDIS_WAIT_MS, async () => {
          const queue = await connected();
          const [counts, workers] = await Promise.all([
            queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
            queue.getWorkersCount(),
          ]);
          return { queue: { available: true, ...counts, workers } };
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { queue: { available: false, message } };
      }
    },
    async drain(capMs) {
      closed = true;
      const queue = current?.queue;
      current = undefined;
      await Promise.all([
        local.drain(capMs),
        within(capMs, async () => queue?.close()).catch(() => undefined),
      ]);
    },
  };
}

export interface ConversionWorkerOptions extends RunnerOptions {
  redisUrl: string;
  docsDir: string;
  /** A source other than the folder `docsDir` (source.ts): the job's id is read from it. */
  source?: DocumentSource;
  /** Where the converted PDFs go when the servers do not share CACHE_DIR (s3-results.ts). */
  results?: ConversionResults;
  /** A source's files over this are not read. Default: no limit. */
  maxBytes?: number;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** A job whose worker stopped renewing its lock this long ago is handed to another. */
  lockMs?: number;
  /** How often this worker looks for such jobs. */
  stalledIntervalMs?: number;
  /** Media transcodes' limits (facility/media/probe.ts). */
  mediaLimits?: Partial<MediaLimits>;
  log?: (event: Record<string, unknown>) => void;
}

/** Whether `file` has been published. */
async function cachedFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined)) !== undefined;
}

/**
 * A job's work, its ConversionError made the job's failure: the document's fails it at once, the
 * machine's is retried.
 */
async function asJobFailure(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof ConversionError)) throw error;
    const reason = failureReason(error.code, error.message);
    throw error.retryable ? new Error(reason) : new UnrecoverableError(reason);
  }
}

/** `npm run worker`'s side: takes jobs off the queue and runs convert.ts's job on each. */
export function startConversionWorker(options: ConversionWorkerOptions): Worker<ConversionJob> {
  const { cacheDir, docsDir } = options;
  const log = options.log ?? (() => undefined);
  const runner = createJobRunner(options);
  const { source, results } = options;
  const contentHash = createHasher();
  const mediaLimits = { ...DEFAULT_MEDIA_LIMITS, ...options.mediaLimits };
  const copies =
    source && !source.local
      ? createSourceCopies(source, cacheDir, options.maxBytes ?? Infinity)
      : undefined;

  // An archive's entry (`a.zip!3`) is extracted here as the server extracts it: the same bytes,
  // so the same hash (facility/archives/entries.ts).
  const archives = createArchives({
    cacheDir,
    contentHash,
    limits: {
      maxEntryBytes: Math.min(DEFAULT_ARCHIVE_LIMITS.maxEntryBytes, options.maxBytes ?? Infinity),
    },
  });

  /** The job's document as a local file: in DOCS_DIR, the source's copy, or an archive's entry. */
  async function open(id: string): Promise<Resolved> {
    const entry = await archives.open(id, async (archive) => {
      const resolved = await openInSource(archive);
      return resolved.kind === 'ok'
        ? { doc: resolved.doc, sidecar: null }
        : { kind: 'json', status: 404, body: { error: resolved.kind } };
    });
    if (entry === undefined) return openInSource(id);
    if ('doc' in entry) return { kind: 'ok', doc: entry.doc };
    return { kind: 'not_found' };
  }

  async function openInSource(id: string): Promise<Resolved> {
    if (copies === undefined) return resolveDocument(docsDir, id);
    try {
      return await copies.open(id);
    } catch (error) {
      // The source is away: the machine's fault, worth a retry (maybe on another worker).
      throw new Error(failureReason('conversion_failed', asSourceError(error).message), {
        cause: error,
      });
    }
  }

  async function convertJob(job: Job<ConversionJob>): Promise<void> {
    const { name, hash } = job.data;
    const rendition: Rendition = {
      gridLine: job.data.gridLine === true,
      ...(job.data.to === 'xlsx' && { to: 'xlsx' as const }),
    };
    const key = conversionKey(name, hash, rendition);
    // Shared by another worker already: a job added again after its servers had last looked.
    if (results && (await sharing(() => results.has(key)))) return;
    // Converted already: a job added again after Redis lost it, or a retry after a stall.
    if (!(await cachedState(cacheDir, key))) await convertOnce(name, hash, rendition);
    // Before the job ends: a server seeing the job gone finds the PDF there.
    if (results) await sharing(() => results.put(key, cachedOutput(cacheDir, key)));
  }

  /** The bucket away: the machine's fault, retried (the PDF kept); named without the bucket. */
  async function sharing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const why = error instanceof Error ? error.name : 'error';
      throw new Error(
        failureReason('conversion_failed', `the converted PDF could not be shared (${why})`),
        { cause: error },
      );
    }
  }

  async function convertOnce(name: string, hash: string, rendition: Rendition): Promise<void> {
    const resolved = await open(name);
    if (resolved.kind !== 'ok') {
      throw new UnrecoverableError(
        failureReason(
          'conversion_failed',
          `${name} is not in this worker's ${copies ? 'source' : 'DOCS_DIR'}`,
        ),
      );
    }
    const startedAt = Date.now();
    log({ event: 'converting', file: name, hash });
    await asJobFailure(() => runner.convert(resolved.doc.file, hash, rendition));
    log({ event: 'converted', file: name, hash, ms: Date.now() - startedAt });
  }

  /**
   * A media transcode (facility/media/playable.ts) of the content the server probed: the file is
   * hashed again, so what is published under the hash is that content.
   */
  async function transcodeJob(job: Job<ConversionJob>): Promise<void> {
    const { name, hash } = job.data;
    const resolved = await open(name);
    if (resolved.kind !== 'ok') {
      throw new UnrecoverableError(
        failureReason('conversion_failed', `${name} is not in this worker's source`),
      );
    }
    const { file, stats } = resolved.doc;
    if ((await contentHash(file, stats)) !== hash) {
      throw new UnrecoverableError(
        failureReason('conversion_failed', 'the file changed while it was waiting to transcode'),
      );
    }
    await asJobFailure(() =>
      makePlayable(() => Promise.resolve(hash), file, name, {
        cacheDir,
        workDir: options.workDir ?? tmpdir(),
        limits: mediaLimits,
        log,
      }),
    );
  }

  const lockMs = options.lockMs ?? 30_000;
  const worker = new Worker<ConversionJob>(
    QUEUE_NAME,
    (job) => (job.name === 'transcode' ? transcodeJob(job) : convertJob(job)),
    {
      // BullMQ's blocking connection waits for jobs and reconnects itself: no per-command retry cap.
      connection: { url: options.redisUrl, maxRetriesPerRequest: null, retryStrategy },
      concurrency: options.concurrency,
      lockDuration: lockMs,
      stalledInterval: options.stalledIntervalMs ?? lockMs,
      // Two killed workers in a row are bad luck; a third stall is more likely a document that
      // takes every worker down with it.
      maxStalledCount: 2,
    },
  );
  worker.on('failed', (job, error) => {
    const { name: file, hash } = job?.data ?? {};
    log({
      event: 'conversion_failed',
      file,
      hash,
      attempts: job?.attemptsMade,
      message: error.message,
    });
  });
  worker.on('error', (error) => {
    log({ event: 'worker_error', message: error.message });
  });
  return worker;
}
