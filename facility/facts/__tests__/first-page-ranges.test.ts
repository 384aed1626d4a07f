/**
 * The ranges the facility names for page 1 (contracts §3 `firstPageRanges`,
 * facility/facts/first-page-ranges.ts), read in the pool beside the facts: pdf.js, given only the
 * viewer's head and tail and these, opens the file and draws page 1 without asking for anything
 * else; given the head and tail alone, it has to.
 */
import path from 'node:path';
import { stat } from 'node:fs/promises';
import { HEAD_BYTES, RANGE_CHUNK, TAIL_BYTES } from '../../../src/services/pdf/firstRanges.ts';
import { createPool } from '../../pool/pool.ts';
import type { ByteRange } from '../pdf-facts-types.ts';
import { pageOneMissed as missed } from './_page-one-missed.ts';
import { guardFromHereMb } from '../../pool/__tests__/_memory-guard.ts';

jest.setTimeout(60_000);

const SAMPLES = path.resolve(__dirname, '../../../mock/documents');
const pool = createPool({ threads: 1, maxRssMb: guardFromHereMb() });
afterAll(() => pool.close());

describe.each(['tracemonkey.pdf', 'text-1000.pdf'])('%s', (name) => {
  const file = path.join(SAMPLES, name);

  it('names whole chunks, in order, within the file, that are all page 1 needs', async () => {
    const { size } = await stat(file);
    const ranges = await pool.run('ranges', file);
    expect(ranges.length).toBeGreaterThan(0);
    ranges.forEach(([first, last], i) => {
      expect(first % RANGE_CHUNK).toBe(0);
      expect(last === size - 1 || (last + 1) % RANGE_CHUNK === 0).toBe(true);
      expect(first).toBeLessThanOrEqual(last);
      if (i > 0) expect(first).toBeGreaterThan(ranges[i - 1][1] + 1);
    });
    expect(ranges.at(-1)?.[1]).toBeLessThan(size);
    // The viewer's head and tail alone are not enough: the named ranges add what is.
    const headAndTail: ByteRange[] = [
      [0, HEAD_BYTES - 1],
      [size - TAIL_BYTES, size - 1],
    ];
    expect((await missed(file, headAndTail)).length).toBeGreaterThan(0);
    expect(await missed(file, [...headAndTail, ...ranges])).toEqual([]);
  });
});

it('names none for a file pdf.js cannot open', async () => {
  expect(await pool.run('ranges', path.join(SAMPLES, '..', 'README.md'))).toEqual([]);
});
