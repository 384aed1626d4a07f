/**
 * A real S3-API server for the tests: s3rver (an npm package, so no Docker, Java or Python is
 * needed), over a temporary folder, with one bucket. It accepts any signature, so a refusal is
 * tested against a server answering 403 as S3 does (s3-source.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types; its run() and close() are all the tests use.
import S3rver from 's3rver';

export interface S3Server {
  url: string;
  /** The client settings that reach it (path-style, s3rver's own key pair). */
  config: S3ClientConfig;
  /** Writes `body` as the object `key` of the bucket (a new version when it is there already). */
  put: (key: string, body: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
}

interface Running {
  run: () => Promise<{ port: number }>;
  close: () => Promise<void>;
}

export async function startS3(bucket: string): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'folio-s3-'));
  const server = new (S3rver as new (options: Record<string, unknown>) => Running)({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${String(port)}`;
  const config: S3ClientConfig = {
    region: 'us-east-1',
    endpoint: url,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  // s3rver does not read the SDK's streamed-checksum uploads.
  const client = new S3Client({ ...config, requestChecksumCalculation: 'WHEN_REQUIRED' });
  return {
    url,
    config,
    put: async (key, body) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
