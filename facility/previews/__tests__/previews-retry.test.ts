/** A page that failed to draw is drawn again on the next request, never remembered as failed. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PoolTimeoutError } from '../../pool/pool.ts';
import type { Pool } from '../../pool/pool.ts';
import type { PreviewJob } from '../preview-types.ts';
import { createPreviews } from '../previews.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-previews-retry-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test.each<[string, () => Error]>([
  ['stopped for time', () => new PoolTimeoutError('took longer than 60 s')],
  ['failed', () => new Error('Invalid page')],
])('a page that %s is drawn again when asked again', async (_why, made) => {
  const error = made();
  let draws = 0;
  const run = async (_kind: string, job: PreviewJob) => {
    draws += 1;
    if (draws === 1) throw error;
    await writeFile(job.output, 'webp');
  };
  const pool = { run, queued: () => 0, running: () => 0, close: () => Promise.resolve() };
  const previewOf = createPreviews({ pool: pool as unknown as Pool, cacheDir: dir });
  const request = { page: 2, width: 960, comments: true };
  expect(await previewOf('h', 'a.pdf', request)).toMatchObject({ kind: 'failed' });
  expect(await previewOf('h', 'a.pdf', request)).toBe(
    path.join(dir, 'previews', 'h', '2-960.webp'),
  );
  expect(draws).toBe(2);
});
