/**
 * A listing read by JavaScript (zip, tar, `.gz`, e-mail) is built in the pool's threads, off the
 * server's event loop (pooled-listing.ts): a zip of 10 000 entries listed by a `listing` task, and
 * a refusal that crosses the thread with its code and the cap it names.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFacility } from '../../facility.ts';
import type { Facility } from '../../facility.ts';
import type { TaskKind } from '../../pool/pool.ts';
import { buildZip } from './_zip.ts';

let dir: string;
let facility: Facility;
const tasks: { kind: TaskKind; outcome: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-pooled-listing-'));
  const many = Array.from({ length: 10_000 }, (_, at) => ({
    name: `folder ${String(at % 100)}/file ${String(at)}.txt`,
    data: Buffer.from(String(at)),
  }));
  await writeFile(path.join(dir, 'many.zip'), buildZip(many));
  await writeFile(path.join(dir, 'over.zip'), buildZip(many.slice(0, 30)));
  facility = createFacility({
    docsDir: dir,
    cacheDir: path.join(dir, '.cache'),
    pool: {
      onTask: (kind, _ms, outcome) => {
        tasks.push({ kind, outcome });
      },
    },
  });
});

afterAll(async () => {
  await facility.pool.close();
  await rm(dir, { recursive: true, force: true });
});

it('lists a zip of 10 000 entries in a pool thread', async () => {
  const answer = await facility.metadata('many.zip');
  if (answer?.kind !== 'json') throw new Error(JSON.stringify(answer));
  const { listing } = answer.body as { listing: { entries: { path: string }[] } };
  expect(listing.entries).toHaveLength(10_000);
  expect(listing.entries[9_999]?.path).toBe('folder 99/file 9999.txt');
  expect(tasks).toContainEqual({ kind: 'listing', outcome: 'ok' });
});

it('answers a refusal made in the thread with its code and the cap it names', async () => {
  const capped = createFacility({
    docsDir: dir,
    cacheDir: path.join(dir, '.cache-capped'),
    archiveLimits: { maxEntries: 10 },
    pool: {
      onTask: (kind, _ms, outcome) => {
        tasks.push({ kind, outcome });
      },
    },
  });
  const before = tasks.length;
  try {
    expect(await capped.metadata('over.zip')).toEqual(
      expect.objectContaining({
        status: 413,
        body: expect.objectContaining({
          error: 'too_large',
          message: expect.stringContaining('the cap on entry count is 10') as unknown,
        }) as unknown,
      }),
    );
    // Refused in the thread: the task itself ended well, with the refusal as its answer.
    expect(tasks.slice(before)).toContainEqual({ kind: 'listing', outcome: 'ok' });
  } finally {
    await capped.pool.close();
  }
});
