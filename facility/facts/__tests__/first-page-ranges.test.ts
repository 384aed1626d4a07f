/**
 * The ranges the facility names for page 1 (contracts §3 `firstPageRanges`,
 * facility/facts/first-page-ranges.ts), read in the pool beside the facts: pdf.js, given only the
 * viewer's head and tail and these, opens the file and draws page 1 without asking for anything
 * else; given the head and tail alone, it has to.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stat } from 'node:fs/promises';
import { createPool } from '../../pool/pool.ts';
import type { ByteRange } from '../pdf-facts-types.ts';

jest.setTimeout(60_000);

const SAMPLES = path.resolve(__dirname, '../../../mock/documents');
// The viewer's chunk size (first-page-ranges.ts holds it too, but loads pdf.js, which Jest cannot).
const RANGE_CHUNK = 65_536;
const PAGE_ONE_READS = fileURLToPath(new URL('_page-one-reads.ts', import.meta.url));
const pool = createPool({ threads: 1 });
afterAll(() => pool.close());

/** What pdf.js asks for beyond `held` to draw page 1 of `file` (_page-one-reads.ts). */
function missed(file: string, held: ByteRange[]): ByteRange[] {
  const out = execFileSync(process.execPath, [PAGE_ONE_READS, file, JSON.stringify(held)], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as ByteRange[];
}

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
    // The viewer's head (128 kB) and tail (64 kB) alone are not enough: the named ranges add what is.
    const headAndTail: ByteRange[] = [
      [0, 131_071],
      [size - 65_536, size - 1],
    ];
    expect(missed(file, headAndTail).length).toBeGreaterThan(0);
    expect(missed(file, [...headAndTail, ...ranges])).toEqual([]);
  });
});

it('names none for a file pdf.js cannot open', async () => {
  expect(await pool.run('ranges', path.join(SAMPLES, '..', 'README.md'))).toEqual([]);
});
