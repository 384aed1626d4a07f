/**
 * An S3 bucket as the source of two real processes (docs/server.md, "Document sources"): `npm run
 * serve` and `npm run worker`, each given S3_BUCKET, S3_ENDPOINT, S3_PREFIX, a region and the AWS
 * credential variables and no DOCS_DIR, against s3rver. The server queues the nested id's
 * conversion, the worker reads the object from the bucket itself and converts it once; health says
 * the bucket answers; the secret key is in no output.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3 } from '../../facility/sources/__tests__/_s3.ts';
import type { S3Server } from '../../facility/sources/__tests__/_s3.ts';
import { settingsScript } from '../settings-block.ts';
import {
  freePort,
  killAll,
  logged,
  startRedis,
  startServeProcess,
  startWorker,
  stop,
} from './_cluster.ts';
import type { Proc } from './_cluster.ts';
import { FIXTURES, fakeDist, pollUntilSettled } from './_serve.ts';
import type { Api } from './_serve.ts';

jest.setTimeout(120_000);

const ID = 'contracts/2026/three pages.docx';
const SECRET_KEY = 'bucket-secret-7c1d9e';
let s3: S3Server;
let root: string;
let redis: Proc;
let worker: Proc;
let served: Api & Proc;

beforeAll(async () => {
  s3 = await startS3('documents');
  await s3.put(`library/${ID}`, await readFile(path.join(FIXTURES, 'three-pages.docx')));
  root = await mkdtemp(path.join(tmpdir(), 'folio-queue-s3-'));
  const cacheDir = path.join(root, 'cache');
  await mkdir(cacheDir);
  const [distDir = ''] = await fakeDist(root, settingsScript({ routerBase: '/' }));
  const redisUrl = `redis://127.0.0.1:${String(await freePort())}`;
  redis = await startRedis(Number(new URL(redisUrl).port));
  const env = {
    DOCS_DIR: '',
    S3_BUCKET: 'documents',
    S3_ENDPOINT: s3.url,
    S3_PREFIX: 'library/',
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: SECRET_KEY,
  };
  const shared = { redisUrl, docsDir: '', cacheDir };
  worker = await startWorker(shared, env);
  served = await startServeProcess(shared, distDir, env);
});

afterAll(async () => {
  await stop(served);
  await stop(worker);
  await stop(redis);
  killAll();
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

test('the worker reads the nested id from the bucket and converts it, once', async () => {
  const last = (await pollUntilSettled(served, ID)).at(-1);
  expect(last).toMatchObject({ status: 200, body: { pageCount: 3, loadedCount: 3 } });
  const converted = logged(worker, 'converted');
  expect(converted).toHaveLength(1);
  expect(converted[0]).toMatchObject({ file: ID });
  const health = (await (await fetch(`${served.api}health`)).json()) as Record<string, unknown>;
  expect(health).toMatchObject({ source: 's3', sourceAnswers: 'ok' });
  for (const output of [served.output(), worker.output(), JSON.stringify(health)]) {
    expect(output).not.toContain(SECRET_KEY);
  }
});
