/**
 * REDIS_URL with audio and video (docs/server.md, "Audio and video" and "npm run worker"): a file
 * the browser does not play as it is is transcoded by the queue's worker, not by the server — the
 * server probes it, adds a `transcode` job and answers "converting" until the worker has published
 * the transcode in the shared CACHE_DIR; a transcode the worker refuses is the document's answer.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { Worker } from 'bullmq';
import { createPool } from '../../facility/pool/pool.ts';
import type { Pool } from '../../facility/pool/pool.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';
import { startConversionWorker } from '../../facility/queue/queue.ts';
import { freePort, killAll, startRedis, stop, until } from './_cluster.ts';
import type { Proc } from './_cluster.ts';
import { getMeta, pollUntilSettled, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(180_000);

let redis: Proc;
let redisUrl: string;
let served: Served;
let pool: Pool;
let worker: Worker | undefined;
let clip: Buffer;
const events: Record<string, unknown>[] = [];

/** An AVI (MPEG-4 part 2 and MP3) of `seconds` at `size`, which Chromium does not play as it is. */
async function avi(size: string, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-queue-media-'));
  try {
    execFileSync('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`],
      ...['-f', 'lavfi', '-i', 'sine', '-t', String(seconds), '-c:v', 'mpeg4', '-q:v', '2'],
      ...['-c:a', 'mp3', path.join(dir, 'clip.avi')],
    ]);
    return await readFile(path.join(dir, 'clip.avi'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function startWorker(): Worker {
  return startConversionWorker({
    redisUrl,
    docsDir: served.docsDir,
    cacheDir: served.cacheDir,
    sofficePath: 'soffice',
    concurrency: 1,
    timeoutMs: 120_000,
    pool,
    // The large clip's transcode passes this; the small one's is ≈ 30 KB.
    mediaLimits: { maxOutputBytes: 200_000 },
    log: (event) => events.push(event),
  });
}

beforeAll(async () => {
  const port = await freePort();
  redis = await startRedis(port);
  redisUrl = `redis://127.0.0.1:${String(port)}`;
  clip = await avi('160x120', 2);
  served = await startServe({
    files: { 'old.avi': clip, 'large.avi': await avi('1280x720', 3) },
    options: { redisUrl },
  });
  pool = createPool({ threads: 1, maxRssMb: guardFromHereMb() });
});

afterAll(async () => {
  await worker?.close();
  await pool.close();
  await served.close();
  await stop(redis);
  killAll();
});

test('an AVI waits as a transcode job until a worker runs it; the server transcodes nothing', async () => {
  const hash = createHash('sha256').update(clip).digest('hex');
  // No worker yet: the server probes, queues the job and answers "converting".
  const first = await getMeta(served, 'old.avi');
  expect(first).toMatchObject({ status: 200, body: { view: 'media', loadedCount: 0 } });
  const queue = new Queue('folio-conversions', { connection: { url: redisUrl } });
  try {
    // The server probes the file in the sandbox before it queues: seconds on a loaded machine.
    await until(
      'the transcode job queued',
      async () => ['waiting', 'prioritized'].includes(await queue.getJobState(`${hash}-media`)),
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await getMeta(served, 'old.avi')).body).toMatchObject({ loadedCount: 0 });
    expect(existsSync(path.join(served.cacheDir, 'media'))).toBe(false);
  } finally {
    await queue.close();
  }

  worker = startWorker();
  const settled = (await pollUntilSettled(served, 'old.avi', 120_000)).at(-1);
  expect(settled?.status).toBe(200);
  const media = settled?.body.media as { kind: string; url: string; mimeType: string };
  expect(media).toMatchObject({ kind: 'video', mimeType: 'video/mp4' });
  expect(events.filter((event) => event.event === 'transcoded')).toEqual([
    expect.objectContaining({ file: 'old.avi', hash }),
  ]);
  expect(await readdir(path.join(served.cacheDir, 'media'))).toEqual([`${hash}.mp4`]);
  const res = await fetch(`${served.api}${media.url}`, { headers: { Range: 'bytes=0-99' } });
  expect(res.status).toBe(206);
  expect(res.headers.get('content-type')).toBe('video/mp4');
  expect(
    Buffer.from(await res.arrayBuffer())
      .subarray(4, 8)
      .toString('latin1'),
  ).toBe('ftyp');
});

test("a transcode the worker refuses (past its output cap) is the document's 413", async () => {
  const settled = (await pollUntilSettled(served, 'large.avi', 150_000)).at(-1);
  expect(settled).toMatchObject({ status: 413, body: { error: 'too_large' } });
  expect(String(settled?.body.message)).toMatch(/passes 200000 bytes and was stopped/);
  expect(
    events.filter((event) => event.event === 'transcoding').map((event) => event.file),
  ).toEqual(['old.avi', 'large.avi']);
});
