/**
 * REDIS_URL with archives (docs/server.md, "Archives and e-mail"): an entry that LibreOffice
 * converts is a job like any other — the queue's worker, given the entry id, extracts the same
 * entry from the same archive and converts it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'bullmq';
import { buildZip } from '../../facility/archives/__tests__/_zip.ts';
import { createPool } from '../../facility/pool/pool.ts';
import type { Pool } from '../../facility/pool/pool.ts';
import { startConversionWorker } from '../../facility/queue/queue.ts';
import { freePort, killAll, startRedis, stop } from './_cluster.ts';
import type { Proc } from './_cluster.ts';
import { FIXTURES, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';

jest.setTimeout(180_000);

let redis: Proc;
let served: Served;
let worker: Worker;
let pool: Pool;
const converting: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  redis = await startRedis(port);
  const redisUrl = `redis://127.0.0.1:${String(port)}`;
  const docx = await readFile(path.join(FIXTURES, 'three-pages.docx'));
  served = await startServe({
    files: { 'mail.zip': buildZip([{ name: 'letters/三页.docx', data: docx }]) },
    options: { redisUrl },
  });
  pool = createPool({ threads: 1, maxRssMb: guardFromHereMb() });
  worker = startConversionWorker({
    redisUrl,
    docsDir: served.docsDir,
    cacheDir: served.cacheDir,
    sofficePath: 'soffice',
    concurrency: 1,
    timeoutMs: 120_000,
    pool,
    log: (event) => {
      if (event.event === 'converting') converting.push(String(event.file));
    },
  });
});

afterAll(async () => {
  await worker.close();
  await pool.close();
  await served.close();
  await stop(redis);
  killAll();
});

test('an entry DOCX is converted by the queue worker from its entry id', async () => {
  const settled = (await pollUntilSettled(served, 'mail.zip!1', 150_000)).at(-1);
  expect(settled?.status).toBe(200);
  expect(settled?.body).toEqual(expect.objectContaining({ title: '三页', pageCount: 3 }));
  expect(converting).toEqual(['mail.zip!1']);
});
