/**
 * The pool's turns with real tasks (pdf.js in worker threads): opening a document goes before a
 * reader's queue of pages, one thread is kept for it, a reader's waiting tasks are capped, and a
 * task's time limit counts its running, not its wait.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inLane } from '../lane.ts';
import { PoolBusyError, createPool } from '../pool.ts';
import type { Pool } from '../pool.ts';
import { guardFromHereMb } from './_memory-guard.ts';

const TRACEMONKEY = path.resolve(__dirname, '../../../mock/documents/tracemonkey.pdf');
jest.setTimeout(60_000);
let out: string;
const pools: Pool[] = [];

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'folio-pool-turns-'));
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await rm(out, { recursive: true, force: true });
});

function pool(options: Parameters<typeof createPool>[0]): Pool {
  const created = createPool({ maxRssMb: guardFromHereMb(), ...options });
  pools.push(created);
  return created;
}

/** A page preview of tracemonkey, which takes pdf.js a fraction of a second. */
function drawPage(on: Pool, page: number, width = 1920) {
  const output = path.join(out, `${String(page)}-${String(width)}-${String(Math.random())}.webp`);
  return on.run('preview', { input: TRACEMONKEY, hash: 'tracemonkey', page, width, output });
}

test("another reader's document opens before a reader's queue of pages", async () => {
  const one = pool({ threads: 1, timeoutMs: 120_000 });
  const done: string[] = [];
  const pages = inLane('reader:flood', () =>
    [2, 3, 4, 5, 6, 7].map((page) =>
      drawPage(one, page).then(() => done.push(`page ${String(page)}`)),
    ),
  );
  const facts = inLane('reader:other', () =>
    one.run('facts', TRACEMONKEY).then((read) => {
      done.push('facts');
      return read;
    }),
  );
  expect((await facts).pageCount).toBe(14);
  await Promise.all(pages);
  // Only the page already running when the facts were asked for went first.
  expect(done.indexOf('facts')).toBe(1);
});

test('with two threads, pages never hold both: an opening starts at once', async () => {
  const two = pool({ threads: 2, timeoutMs: 120_000 });
  const pages = inLane('reader:flood', () => [2, 3, 4, 5].map((page) => drawPage(two, page)));
  expect([two.running(), two.queued()]).toEqual([1, 3]);
  const facts = inLane('reader:other', () => two.run('facts', TRACEMONKEY));
  expect([two.running(), two.queued()]).toEqual([2, 3]);
  expect((await facts).pageCount).toBe(14);
  await Promise.all(pages);
});

test("a reader's waiting tasks are capped; other readers still get in", async () => {
  const one = pool({ threads: 1, maxQueuePerLane: 3, timeoutMs: 120_000 });
  const asked = inLane('reader:flood', () =>
    [2, 3, 4, 5, 6].map((page) =>
      drawPage(one, page).then(
        () => 'drawn',
        (error: unknown) => error,
      ),
    ),
  );
  const other = inLane('reader:other', () => drawPage(one, 2, 240));
  const answers = await Promise.all(asked);
  // One running and three waiting: the fifth was refused at once.
  expect(answers.slice(0, 4)).toEqual(['drawn', 'drawn', 'drawn', 'drawn']);
  expect(answers[4]).toBeInstanceOf(PoolBusyError);
  await expect(other).resolves.toBeUndefined();
});

test('a full queue refuses the reader who filled it, not a reader with nothing waiting', async () => {
  const one = pool({ threads: 1, maxQueue: 4, maxQueuePerLane: 100, timeoutMs: 120_000 });
  const asked = inLane('reader:flood', () =>
    [2, 3, 4, 5, 6, 7].map((page) =>
      drawPage(one, page).then(
        () => 'drawn',
        (error: unknown) => error,
      ),
    ),
  );
  const other = inLane('reader:other', () => one.run('facts', TRACEMONKEY));
  const answers = await Promise.all(asked);
  expect(answers.slice(0, 5)).toEqual(['drawn', 'drawn', 'drawn', 'drawn', 'drawn']);
  expect(answers[5]).toBeInstanceOf(PoolBusyError);
  expect((await other).pageCount).toBe(14);
});

test('pages whose reader went away before they started are not drawn', async () => {
  const one = pool({ threads: 1, timeoutMs: 120_000 });
  const leaving = new AbortController();
  const asked = inLane(
    'reader:leaving',
    () =>
      [2, 3, 4, 5].map((page) =>
        drawPage(one, page).then(
          () => 'drawn',
          (error: unknown) => error,
        ),
      ),
    leaving.signal,
  );
  expect([one.running(), one.queued()]).toEqual([1, 3]);
  leaving.abort();
  expect([one.running(), one.queued()]).toEqual([1, 0]);
  const answers = await Promise.all(asked);
  // The page already being drawn is finished (another reader may share it); the rest were dropped.
  expect(answers[0]).toBe('drawn');
  for (const answer of answers.slice(1)) expect(answer).toBeInstanceOf(PoolBusyError);
});

test('a time limit counts the running, not the wait for a thread', async () => {
  // The limit is a few times the slowest page here, and the queue many times that.
  const timed = pool({ threads: 1, timeoutMs: 120_000 });
  await drawPage(timed, 1, 240); // the thread loads pdf.js
  let slowest = 0;
  for (const page of [2, 3, 4]) {
    const started = performance.now();
    await drawPage(timed, page);
    slowest = Math.max(slowest, performance.now() - started);
  }
  const timeoutMs = Math.max(1_000, Math.round(4 * slowest));
  const one = pool({ threads: 1, timeoutMs });
  await drawPage(one, 1, 240);
  const started = performance.now();
  const pages = Array.from({ length: 24 }, (_, i) => drawPage(one, 2 + (i % 12)));
  await expect(Promise.all(pages)).resolves.toHaveLength(24);
  // The last ones waited longer than a task may run, and were not stopped for it.
  expect(performance.now() - started).toBeGreaterThan(timeoutMs);
});
