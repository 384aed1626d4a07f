import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readXlsxRows, searchXlsx } from '../xlsx-read.ts';
import { openSharedStrings } from '../xlsx-shared-strings.ts';
import { buildXlsx, ordersSheet } from './_xlsx.ts';

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-strings-'));
  file = path.join(dir, 'orders.xlsx');
  await writeFile(file, buildXlsx([ordersSheet(5000)]));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a workbook's shared strings, read as far as needed", () => {
  it('reads the head of the table for the first strings, then on to its end', async () => {
    const shared = await openSharedStrings(file);
    await shared.readTo(20);
    const head = shared.strings.length;
    expect(head).toBeGreaterThan(20);
    // 5 000 rows × 3 unique strings and more: the head is a small part of it.
    expect(head).toBeLessThan(2000);
    expect(shared.strings.slice(0, 3)).toEqual(['Order', 'Date', 'Customer']);
    await shared.readTo(Infinity);
    expect(shared.strings.length).toBeGreaterThan(10_000);
    expect(shared.strings).toContain('Row 5001 note');
    await shared.readTo(Infinity);
    shared.close();
  });

  it('gives the first block its strings, then a later block and a search theirs', async () => {
    const first = await readXlsxRows(file, 0, 0, 200);
    expect(first.rows[1]?.cells.map((cell) => cell.v)).toContain('Customer 1');
    // The same thread reads on from where block 0 stopped.
    const later = await readXlsxRows(file, 0, 4801, 200);
    expect(later.rows.at(-1)?.cells.at(-1)?.v).toBe('Row 5001 note');
    expect(later.rows.at(-1)?.cells[2]?.v).toBe('Customer 5000');
    expect(await searchXlsx(file, 'Customer 4999')).toEqual([[0, 4999, 2]]);
  });

  it('has nothing to read in a workbook without a table', async () => {
    const plain = path.join(dir, 'numbers.xlsx');
    await writeFile(plain, buildXlsx([{ name: 'N', rows: [[1, 2]] }]));
    const shared = await openSharedStrings(plain);
    await shared.readTo(Infinity);
    expect(shared.strings).toEqual([]);
    expect((await readXlsxRows(plain, 0, 0, 200)).rows[0]?.cells.map((cell) => cell.v)).toEqual([
      '1',
      '2',
    ]);
  });
});
