/**
 * Where documents live (docs/server.md, "Document sources"): one interface the facility reads every
 * document through, chosen at start by the environment. A folder (folder-source.ts) reads its files
 * in place; every other source's file is copied whole into CACHE_DIR before the facility converts,
 * measures or draws it (so everything after the source works the same for each).
 */
import type { Readable } from 'node:stream';
import type { Resolved } from './files.ts';

/** One version of a document: its size, and a version that changes whenever its bytes do. */
export interface SourceStat {
  /**
   * Undefined when the source does not say (an HTTP origin whose `HEAD` has no Content-Length and
   * which answers no range): the copy is then read whole, within the size limit.
   */
  size?: number;
  /**
   * An ETag, or the modification time and size where the source has no ETag. Undefined when the
   * source names no version at all (an HTTP origin with neither ETag nor Last-Modified): its copy
   * is then checked by content on every open (source-copy.ts).
   */
  version?: string;
  /**
   * The source answers byte ranges itself (an HTTP origin's `Accept-Ranges: bytes`, any S3
   * bucket): a PDF's pages can then be read before its copy is whole (remote-pdf.ts).
   */
  ranges?: boolean;
}

/**
 * A version that may be read by ranges before its copy is whole: its size is known and every
 * range can name the version it belongs to, so bytes of two versions are never mixed.
 */
export type RangedStat = SourceStat & { size: number; version: string; ranges: true };

export function isRanged(stat: SourceStat): stat is RangedStat {
  return stat.ranges === true && stat.size !== undefined && stat.version !== undefined;
}

/** A byte count as a header writes it (digits only), else undefined: never NaN. */
export function byteCount(text: string | null | undefined): number | undefined {
  return text !== null && text !== undefined && /^\d{1,15}$/.test(text.trim())
    ? Number(text.trim())
    : undefined;
}

/**
 * The version an ETag or a modification time names (docs/server.md, "Document sources"); none
 * when the source gives neither, rather than one that a change at the same size would keep.
 */
export function versionFrom(
  etag: string | undefined,
  modified: string | undefined,
  size: number | undefined,
): string | undefined {
  if (etag !== undefined) return etag;
  if (modified === undefined) return undefined;
  return size === undefined ? modified : `${modified}-${String(size)}`;
}

/**
 * Why a source could not answer (docs/server.md, "Document sources"): the origin refused the
 * server's credentials, took too long, sent more than the size limit, or could not be reached.
 */
export type SourceFailureCode =
  'not_found' | 'source_refused' | 'source_timeout' | 'too_large' | 'source_unavailable';

export const SOURCE_FAILURE_STATUS: Record<SourceFailureCode, number> = {
  not_found: 404,
  source_refused: 502,
  source_timeout: 504,
  too_large: 413,
  source_unavailable: 502,
};

/** How long a reader waits before asking again when the origin was down. */
export const SOURCE_RETRY_AFTER_S = 5;

export class SourceError extends Error {
  readonly code: SourceFailureCode;
  constructor(code: SourceFailureCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type Stated = { kind: 'ok'; stat: SourceStat } | { kind: 'bad_id' } | { kind: 'not_found' };

export interface DocumentSource {
  /** `folder`, `http` or `s3`: what health and the logs name. */
  readonly kind: string;
  /** Size and version, each when the source says; throws {@link SourceError} when it cannot answer. */
  stat: (id: string) => Promise<Stated>;
  /**
   * Bytes `start` to `end` inclusive (as HTTP ranges say); throws {@link SourceError}. Given a
   * `version` (from stat), bytes of another version are refused (`source_unavailable`: asked
   * again, the new version is read), never mixed with this one's.
   */
  readRange: (id: string, start: number, end: number, version?: string) => Promise<Buffer>;
  /**
   * The whole file, limited to `maxBytes`: the stream errors with {@link SourceError} past it.
   * Given a `version`, another version's bytes are refused as readRange refuses them.
   */
  read: (id: string, maxBytes: number, version?: string) => Promise<Readable>;
  /**
   * A folder's file itself (read, hashed and served in place, its sidecar beside it); undefined for
   * sources whose files are copied into CACHE_DIR first.
   */
  local?: (id: string) => Promise<Resolved>;
  /** Resolves when the source answers at all (a cheap request); throws {@link SourceError}. */
  probe?: () => Promise<void>;
}

/** An abort or time-out signal's error (fetch's, or a stream's: a DOMException, maybe as a cause). */
export function isTimeout(error: unknown): boolean {
  const named = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    (value.name === 'TimeoutError' || value.name === 'AbortError');
  return named(error) || (error instanceof Error && named(error.cause));
}

/** What a failed read means: the total time-out, or an origin gone mid-answer. */
export function asSourceError(error: unknown): SourceError {
  if (error instanceof SourceError) return error;
  if (isTimeout(error))
    return new SourceError('source_timeout', 'the document store took too long');
  return new SourceError('source_unavailable', 'the document store stopped answering');
}

/** A file's bytes, bounded by `maxBytes` (past it: `too_large`, the rest never read). */
export async function* bounded(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
  id: string,
): AsyncGenerator<Buffer> {
  let seen = 0;
  try {
    for await (const chunk of body) {
      seen += chunk.length;
      if (seen > maxBytes) {
        throw new SourceError('too_large', `${id} is larger than ${String(maxBytes)} bytes`);
      }
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    }
  } catch (error) {
    throw asSourceError(error);
  }
}
