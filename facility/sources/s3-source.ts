/**
 * An S3-compatible bucket as a document source (docs/server.md, "Document sources"): AWS S3, MinIO,
 * Ceph, Alibaba OSS… through the AWS SDK v3. An id is a key under the configured prefix; its
 * version is the object's ETag; ranges are GetObject's `Range`, checked against that ETag with
 * `If-Match` so two versions are never mixed. Credentials come from the SDK's usual chain (the
 * AWS_* variables, a profile, an instance role) and go to the bucket's endpoint only. Failures
 * answer as the HTTP source's do (source.ts).
 */
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput, S3ClientConfig } from '@aws-sdk/client-s3';
import { isSafeId } from './files.ts';
import { SourceError, bounded, isTimeout, versionFrom } from './source.ts';
import type { DocumentSource, Stated } from './source.ts';

export interface S3SourceOptions {
  bucket: string;
  /**
   * Keys are `<prefix><id>`; `docs/` puts the documents in a folder of the bucket. A folder, so it
   * ends in `/` ({@link isFolderPrefix}).
   */
  prefix?: string;
  /** The SDK's settings: region, endpoint (MinIO and the like), path-style addressing… */
  client: S3ClientConfig;
  /** Until the answer's headers arrive (connecting included). Default 10 s. */
  connectTimeoutMs?: number;
  /** For a whole request, body included. Default 120 s. */
  totalTimeoutMs?: number;
}

/**
 * A key prefix that is a folder of the bucket (docs/server.md, "Document sources"): empty, or plain
 * segments each followed by `/` (`library/`, `lib/docs/`). Keys are the prefix and the id joined
 * as strings, so `library` without its `/` would also name `library-private/…`; no empty, `.` or
 * `..` segment, `\` or NUL either, which stores read as other folders.
 */
export function isFolderPrefix(prefix: string): boolean {
  if (prefix === '') return true;
  if (!prefix.endsWith('/')) return false;
  return prefix
    .slice(0, -1)
    .split('/')
    .every(
      (segment) => segment !== '' && segment !== '.' && segment !== '..' && !/[\\\0]/.test(segment),
    );
}

/** The HTTP status and name of an SDK error, when it carries them. */
export function statusOf(error: unknown): { status?: number; name?: string } {
  if (typeof error !== 'object' || error === null) return {};
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: unknown }).name;
  return { status, name: typeof name === 'string' ? name : undefined };
}

/** A client that asks once and gives up after `connectTimeoutMs` of silence. */
export function createS3Client(config: S3ClientConfig, connectTimeoutMs = 10_000): S3Client {
  return new S3Client({
    // Once: a time-out is the store's answer, not a reason to keep the reader waiting longer.
    maxAttempts: 1,
    ...config,
    requestHandler: {
      connectionTimeout: connectTimeoutMs,
      // Also the longest silence mid-answer; an error, not the SDK's default warning.
      requestTimeout: connectTimeoutMs,
      throwOnRequestTimeout: true,
    },
  });
}

export function createS3Source(options: S3SourceOptions): DocumentSource {
  const { bucket, prefix = '' } = options;
  // Checked here too, not only by the setting's parser: whoever builds a source gets a folder.
  if (!isFolderPrefix(prefix)) throw new Error(`the key prefix "${prefix}" is not a folder`);
  const totalTimeoutMs = options.totalTimeoutMs ?? 120_000;
  const client = createS3Client(options.client, options.connectTimeoutMs);

  const keyOf = (id: string) => `${prefix}${id}`;

  /** The SDK's failure as the reader's answer (source.ts), naming neither bucket nor endpoint. */
  function failure(error: unknown, id: string): SourceError {
    if (error instanceof SourceError) return error;
    const { status, name } = statusOf(error);
    if (status === 404 || name === 'NoSuchKey' || name === 'NotFound') {
      return new SourceError('not_found', `${id} is not in the bucket`);
    }
    if (status === 401 || status === 403) {
      return new SourceError(
        'source_refused',
        `the bucket refused this server (${String(status)})`,
      );
    }
    if (status === 412)
      return new SourceError('source_unavailable', `${id} changed while it was read`);
    if (isTimeout(error) || name === 'TimeoutError' || name === 'RequestTimeout') {
      return new SourceError('source_timeout', 'the bucket did not answer in time');
    }
    if (status !== undefined) {
      return new SourceError('source_unavailable', `the bucket answered ${String(status)}`);
    }
    return new SourceError('source_unavailable', 'the bucket cannot be reached');
  }

  /** `version`'s bytes, when one is given. */
  async function get(id: string, range?: string, version?: string) {
    if (!isSafeId(id)) throw new SourceError('not_found', 'not an id');
    let answer: GetObjectCommandOutput;
    try {
      answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: keyOf(id), Range: range, IfMatch: version }),
        { abortSignal: AbortSignal.timeout(totalTimeoutMs) },
      );
    } catch (error) {
      throw failure(error, id);
    }
    // Not every S3-compatible store honours If-Match: the answer's ETag is compared too.
    if (version !== undefined && answer.ETag !== undefined && answer.ETag !== version) {
      if (answer.Body instanceof Readable) answer.Body.destroy();
      throw new SourceError('source_unavailable', `${id} changed while it was read`);
    }
    return answer;
  }

  function bodyOf(answer: GetObjectCommandOutput, maxBytes: number, id: string) {
    const body = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
    return bounded(body, maxBytes, id);
  }

  return {
    kind: 's3',
    async probe() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(options.connectTimeoutMs ?? 10_000),
        });
      } catch (error) {
        throw failure(error, bucket);
      }
    },
    async stat(id): Promise<Stated> {
      if (!isSafeId(id)) return { kind: 'bad_id' };
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(id) }), {
          abortSignal: AbortSignal.timeout(totalTimeoutMs),
        });
        const size = head.ContentLength;
        const modified = head.LastModified && String(head.LastModified.getTime());
        const version = versionFrom(head.ETag, modified, size);
        return { kind: 'ok', stat: { size, version, ranges: true } };
      } catch (error) {
        const failed = failure(error, id);
        if (failed.code === 'not_found') return { kind: 'not_found' };
        throw failed;
      }
    },
    async readRange(id, start, end, version) {
      const answer = await get(id, `bytes=${String(start)}-${String(end)}`, version);
      const chunks: Buffer[] = [];
      for await (const chunk of bodyOf(answer, end - start + 1, id)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    async read(id, maxBytes, version) {
      const answer = await get(id, undefined, version);
      if ((answer.ContentLength ?? 0) > maxBytes) {
        if (answer.Body instanceof Readable) answer.Body.destroy();
        throw new SourceError(
          'too_large',
          `${id} is ${String(answer.ContentLength)} bytes; the limit is ${String(maxBytes)}`,
        );
      }
      return Readable.from(bodyOf(answer, maxBytes, id));
    },
  };
}
