/**
 * Audio and video as documents (docs/server.md, "Audio and video"; decision
 * 2026-12-06-media-view): a found document's playable file — the file itself when the browser
 * plays it as it is, else ffmpeg's transcode kept in CACHE_DIR under the content hash
 * (`media/<sha256>.mp4|.m4a`) — with its facts (probe.ts, playable.ts). Each file version is
 * probed once (its facts kept in memory) and transcoded once, here or by a queue's worker (one
 * run per version at a time; a failure remembered, the queue's being away asked again).
 *
 * A version is the document's path, size and modification time — the source's version, as a
 * remote document's copy is named by it (docs/server.md, "Document sources") — not its content
 * hash: hashing a 100 MB film before its first answer cost seconds
 * (docs/decisions/2026-12-07-media-first-frame.md). The hash is taken only for a transcode.
 */
import type { Stats } from 'node:fs';
import { LRUCache } from 'lru-cache';
import { ConversionError } from '../conversion/failures.ts';
import type { FailureCode } from '../conversion/failures.ts';
import { shownName } from '../archives/entries.ts';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import type { Pool } from '../pool/pool.ts';
import type { Found } from '../sources/lookup.ts';
import { makePlayable } from './playable.ts';
import type { Playable, TranscodeElsewhere } from './playable.ts';
import { DEFAULT_MEDIA_LIMITS } from './probe.ts';
import type { MediaFacts, MediaLimits } from './probe.ts';

/** A document's playable file, still being made, or why there is none. */
export type MediaState =
  | { kind: 'ready'; file: string; facts: MediaFacts }
  | { kind: 'converting' }
  | { kind: 'failed'; answer: Answer };

export interface Media {
  state: (found: Found) => Promise<MediaState>;
  limits: MediaLimits;
}

export interface MediaOptions {
  cacheDir: string;
  /** Where jobs copy the file for ffmpeg (its sandbox sees only that folder). */
  workDir: string;
  contentHash: (file: string, stats: Stats) => Promise<string>;
  /** Reads an MP4's index before ffprobe (playable.ts). */
  pool?: Pool | undefined;
  limits?: Partial<MediaLimits>;
  /** A server on a queue: transcodes are the queue's jobs (facility/queue/queue.ts). */
  transcodeElsewhere?: TranscodeElsewhere | undefined;
  log?: (event: Record<string, unknown>) => void;
}

/** As viewable.ts answers a conversion's failures. */
const FAILURE_STATUS: Record<FailureCode, number> = {
  conversion_failed: 502,
  converter_not_installed: 503,
  queue_unavailable: 503,
  too_large: 413,
  unsupported: 415,
};

/** How long a request waits for a probe before answering "converting" (a probe takes ~0.1 s). */
const PROBE_WAIT_MS = 3000;

/** An unexpected failure (a copy, a spawn) is the machine's: asked again next time. */
function asConversionError(error: unknown): ConversionError {
  if (error instanceof ConversionError) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new ConversionError('conversion_failed', why, true);
}

/** A file version as the facts name it: its path, modification time and size. */
function versionOf(file: string, stats: Stats): string {
  return `${file}\0${String(stats.mtimeMs)}\0${String(stats.size)}`;
}

export function createMedia(options: MediaOptions): Media {
  const { cacheDir, workDir, contentHash, log } = options;
  const limits = { ...DEFAULT_MEDIA_LIMITS, ...options.limits };
  const prepared = new LRUCache<string, Playable>({ max: 10_000 });
  const failures = new LRUCache<string, ConversionError>({ max: 10_000 });
  const running = new Map<string, Promise<Playable>>();

  const prepare = (file: string, stats: Stats, name: string) =>
    makePlayable(() => contentHash(file, stats), file, name, {
      cacheDir,
      workDir,
      limits,
      pool: options.pool,
      elsewhere: options.transcodeElsewhere,
      log,
    });

  function failed(error: ConversionError): MediaState {
    const headers = error.retryable ? { 'Retry-After': 5 } : undefined;
    return {
      kind: 'failed',
      answer: jsonError(
        FAILURE_STATUS[error.code],
        error.code,
        { message: error.message },
        headers,
      ),
    };
  }

  return {
    limits,
    async state({ doc }) {
      const version = versionOf(doc.file, doc.stats);
      const remembered = failures.get(version);
      if (remembered) return failed(remembered);
      let done = prepared.get(version);
      if (done === undefined) {
        let run = running.get(version);
        if (run === undefined) {
          run = prepare(doc.file, doc.stats, shownName(doc));
          running.set(version, run);
          run.then(
            (result) => {
              prepared.set(version, result);
            },
            (error: unknown) => {
              const known = asConversionError(error);
              log?.({
                event: 'media_failed',
                file: doc.name,
                error: known.code,
                message: known.message,
              });
              // A machine's failure (ffmpeg missing) is asked again; a file's is remembered.
              if (!known.retryable) failures.set(version, known);
            },
          );
          void run.finally(() => running.delete(version)).catch(() => undefined);
        }
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          run.then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          ),
          new Promise<undefined>((resolve) => {
            timer = setTimeout(() => {
              resolve(undefined);
            }, PROBE_WAIT_MS);
          }),
        ]);
        clearTimeout(timer);
        if (outcome === undefined) return { kind: 'converting' };
        if ('error' in outcome) return failed(asConversionError(outcome.error));
        done = outcome.result;
      }
      return {
        kind: 'ready',
        file: done.file ?? doc.file,
        facts: done.facts,
      };
    },
  };
}
