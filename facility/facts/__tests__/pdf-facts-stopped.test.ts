/**
 * A parse stopped for time or memory says nothing about the file (the machine may have been busy):
 * the next request parses it again. A file pdf.js failed on is remembered.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PoolMemoryError, PoolTimeoutError } from '../../pool/pool.ts';
import type { Pool } from '../../pool/pool.ts';
import { createPdfFacts } from '../pdf-facts.ts';
import type { PdfFacts } from '../pdf-facts-types.ts';

const READ: PdfFacts = { title: 't', pageCount: 3, pageSize: [], docOutline: [] };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-facts-stopped-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A pool whose facts task ends as each of `outcomes` says, in turn. */
function poolOf(outcomes: (Error | PdfFacts)[]): { pool: Pool; parses: () => number } {
  let parses = 0;
  const run = (kind: string) => {
    if (kind === 'ranges') return Promise.resolve([]);
    const outcome = outcomes[Math.min(parses, outcomes.length - 1)];
    parses += 1;
    return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
  };
  const pool = {
    run,
    queued: () => 0,
    running: () => 0,
    threads: () => 0,
    warm: Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { pool: pool as Pool, parses: () => parses };
}

async function factsTwice(outcomes: (Error | PdfFacts)[]) {
  const file = path.join(dir, 'a.pdf');
  await writeFile(file, '%PDF-1.7');
  const { pool, parses } = poolOf(outcomes);
  const factsOf = createPdfFacts({ pool, cacheDir: dir, contentHash: () => Promise.resolve('h') });
  const first = await factsOf(file, await stat(file));
  const second = await factsOf(file, await stat(file));
  return { first, second, parses: parses() };
}

test.each<[string, () => Error]>([
  ['time', () => new PoolTimeoutError('took longer than 60 s')],
  ['memory', () => new PoolMemoryError('stopped')],
])('a parse stopped for %s is tried again on the next request', async (_why, made) => {
  const error = made();
  const { first, second, parses } = await factsTwice([error, READ]);
  expect(first.pageCount).toBe(0);
  expect(first.error).toMatch(/^pdf\.js /);
  expect(second).toMatchObject({ pageCount: 3 });
  expect(parses).toBe(2);
});

test('a file pdf.js failed on is remembered, not parsed again', async () => {
  const { first, second, parses } = await factsTwice([new Error('Invalid PDF structure'), READ]);
  expect(first.error).toBe('pdf.js failed: Invalid PDF structure');
  expect(second).toEqual(first);
  expect(parses).toBe(1);
});
