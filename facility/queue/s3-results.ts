/**
 * Converted PDFs shared through a bucket (docs/server.md, "Past one machine"): servers and workers
 * with no CACHE_DIR in common still convert each version once. The worker that converts writes
 * `<prefix><conversion key>.pdf` to the bucket before its job ends; a server without that PDF in
 * its own CACHE_DIR copies it from there — to a temporary name, published by rename, so a half
 * copy is never served — and draws its previews from it itself. The key is the content's hash
 * (convert.ts `conversionKey`), so a changed document is a new object, never an overwritten one.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { createS3Client, statusOf } from '../sources/s3-source.ts';

/** Where converted PDFs are shared, by conversion key. */
export interface ConversionResults {
  /** Whether the conversion named `key` is there. */
  has: (key: string) => Promise<boolean>;
  /** Shares the converted PDF `file` as `key`'s. */
  put: (key: string, file: string) => Promise<void>;
  /** Copies `key`'s PDF to `dest` (whole, or not at all); false when it is not there. */
  copyTo: (key: string, dest: string) => Promise<boolean>;
}

export interface S3ResultsOptions {
  bucket: string;
  /** Keys are `<prefix><conversion key>.pdf`. */
  prefix: string;
  client: S3ClientConfig;
  /** Until the answer's headers arrive. Default 10 s. */
  connectTimeoutMs?: number;
  /** For a whole request, body included. Default 120 s. */
  totalTimeoutMs?: number;
}

function isMissing(error: unknown): boolean {
  const { status, name } = statusOf(error);
  return status === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

export function createS3Results(options: S3ResultsOptions): ConversionResults {
  const { bucket, prefix } = options;
  const totalTimeoutMs = options.totalTimeoutMs ?? 120_000;
  const client = createS3Client(
    // A checksum only where S3 requires one: MinIO, Ceph and OSS do not all read the SDK's
    // streamed-checksum uploads.
    { requestChecksumCalculation: 'WHEN_REQUIRED', ...options.client },
    options.connectTimeoutMs,
  );
  const keyOf = (key: string) => `${prefix}${key}.pdf`;
  const signal = () => ({ abortSignal: AbortSignal.timeout(totalTimeoutMs) });

  return {
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }), signal());
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async put(key, file) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          Body: await readFile(file),
          ContentType: 'application/pdf',
        }),
        signal(),
      );
    },
    async copyTo(key, dest) {
      let answer;
      try {
        answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }),
          signal(),
        );
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await mkdir(path.dirname(dest), { recursive: true });
      const partial = path.join(path.dirname(dest), `.${key}.${randomUUID()}.tmp`);
      try {
        const body = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
        await pipeline(body, createWriteStream(partial));
        const { size } = await stat(partial);
        if (answer.ContentLength !== undefined && size !== answer.ContentLength) {
          throw new Error(
            `${key}.pdf came short: ${String(size)} of ${String(answer.ContentLength)} bytes`,
          );
        }
        await rename(partial, dest);
      } finally {
        await rm(partial, { force: true });
      }
      return true;
    },
  };
}
