import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { readCsvBook, readCsvRows, readCsvTail, searchCsv } from '../csv-read.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-csv-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a table of text as the sheet view reads it', () => {
  it('reads GB18030 with semicolons, quoted line breaks kept', async () => {
    const file = path.join(dir, 'cities.csv');
    await writeFile(
      file,
      iconv.encode('城市;人口;注\n北京;21893095;"首都\n直辖市"\n上海;24870895;\n', 'gb18030'),
    );
    const book = await readCsvBook(file, '.csv', 'cities');
    expect(book.sheets[0]).toMatchObject({ name: 'cities', columns: 3, declaredRows: 0 });
    const block = await readCsvRows(file, '.csv', 0, 200);
    expect(block.end).toBe(true);
    expect(block.rows.map((row) => row.cells.map((cell) => cell.v))).toEqual([
      ['城市', '人口', '注'],
      ['北京', '21893095', '首都\n直辖市'],
      ['上海', '24870895'],
    ]);
    expect(block.rows[1]?.cells[1]?.n).toBe(true);
    expect(await readCsvTail(file, '.csv')).toEqual({ rows: 3, columns: 3, merges: [], links: [] });
    expect(await searchCsv(file, '.csv', '直辖')).toEqual([[0, 1, 2]]);
  });

  it('answers a block without reading the rest, and counts a long table', async () => {
    const file = path.join(dir, 'long.tsv');
    const out = createWriteStream(file);
    for (let r = 0; r < 200_000; r += 1) out.write(`${String(r)}\tname ${String(r)}\n`);
    await new Promise((resolve) => out.end(resolve));
    const started = performance.now();
    const block = await readCsvRows(file, '.tsv', 0, 200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(block.rows).toHaveLength(200);
    expect(block.end).toBe(false);
    expect((await readCsvRows(file, '.tsv', 199_800, 200)).rows.at(-1)?.cells[1]?.v).toBe(
      'name 199999',
    );
    expect((await readCsvTail(file, '.tsv')).rows).toBe(200_000);
  }, 60_000);

  it('refuses one record past a megabyte (a 200 MB line costs a megabyte)', async () => {
    const file = path.join(dir, 'one-line.csv');
    const out = createWriteStream(file);
    const chunk = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 8; i += 1) out.write(chunk);
    await new Promise((resolve) => out.end(resolve));
    await expect(readCsvRows(file, '.csv', 0, 200)).rejects.toMatchObject({ code: 'too_large' });
  });
});
