import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { indexCsv } from '../csv-index.ts';
import { readCsvRows, readCsvTail } from '../csv-read.ts';
import { SHEET_LIMITS } from '../sheet-types.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-csv-index-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const written = async (name: string, bytes: Buffer | string) => {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
};

/** Every block read by seeking to its offset is the block read from the start, and the tail too. */
async function expectIndexMatchesParsing(file: string, ext: string) {
  const index = await indexCsv(file, ext);
  if (index === undefined) throw new Error('not indexed');
  const tail = await readCsvTail(file, ext);
  expect({ rows: index.rows, columns: index.columns }).toEqual({
    rows: tail.rows,
    columns: tail.columns,
  });
  const size = SHEET_LIMITS.blockRows;
  expect(index.offsets).toHaveLength(Math.ceil(tail.rows / size));
  for (const [block, offset] of index.offsets.entries()) {
    const from = block * size;
    expect(await readCsvRows(file, ext, from, size, offset)).toEqual(
      await readCsvRows(file, ext, from, size),
    );
  }
  return index;
}

describe("a table of text's index", () => {
  it('finds every block across quoted line breaks, doubled quotes, CRLF, empty lines and a BOM', async () => {
    const lines: string[] = ['id,text,note'];
    for (let r = 1; r < 1000; r += 1) {
      if (r % 7 === 0) lines.push(`${String(r)},"two\r\nlines, and ""quotes""",x`);
      else if (r % 11 === 0) lines.push('');
      else if (r % 13 === 0) lines.push(`${String(r)},a "quote" inside,"q,"`);
      else lines.push(`${String(r)},plain ${String(r)}${r % 17 === 0 ? ',extra,cells' : ''}`);
    }
    const file = await written('mixed.csv', `\uFEFF${lines.join('\r\n')}\r\n`);
    const index = await expectIndexMatchesParsing(file, '.csv');
    expect(index.rows).toBe(1000);
    expect(index.columns).toBe(4);
    // A quoted line break is inside its record: block 1 starts on record 200, not on a line.
    const second = await readCsvRows(file, '.csv', 200, 200, index.offsets[1]);
    expect(second.rows[0]?.r).toBe(200);
    expect(second.rows[0]?.cells[1]?.v).toBe('plain 200');
  });

  it('reads GB18030 with semicolons and a last line without its break', async () => {
    const lines = ['城市;人口;注'];
    for (let r = 1; r < 450; r += 1) {
      lines.push(
        r % 5 === 0 ? `北京${String(r)};${String(r)};"首都\n直辖市"` : `上海;${String(r)};`,
      );
    }
    const file = await written('gbk.csv', iconv.encode(lines.join('\n'), 'gb18030'));
    const index = await expectIndexMatchesParsing(file, '.csv');
    expect(index.rows).toBe(450);
    const last = await readCsvRows(file, '.csv', 400, 200, index.offsets[2]);
    expect(last.end).toBe(true);
    expect(last.rows.at(-1)?.cells.map((cell) => cell.v)).toEqual(['上海', '449']);
  });

  it('counts a long table and serves its last block by seeking', async () => {
    const lines: string[] = [];
    for (let r = 0; r < 100_000; r += 1) lines.push(`${String(r)}\tname ${String(r)}`);
    const file = await written('long.tsv', `${lines.join('\n')}\n`);
    const index = await indexCsv(file, '.tsv');
    expect(index).toMatchObject({ rows: 100_000, columns: 2 });
    const last = await readCsvRows(file, '.tsv', 99_800, 200, index?.offsets[499]);
    expect(last.rows).toHaveLength(200);
    expect(last.end).toBe(true);
    expect(last.rows.at(-1)).toEqual({
      r: 99_999,
      cells: [
        { c: 0, v: '99999', n: true },
        { c: 1, v: 'name 99999' },
      ],
    });
  }, 30_000);

  it('leaves a table it cannot read by bytes to the parser: UTF-16, lines ending in a lone CR', async () => {
    const utf16 = await written(
      'wide.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('a,b\n1,2\n', 'utf-16le')]),
    );
    expect(await indexCsv(utf16, '.csv')).toBeUndefined();
    const mac = await written('mac.csv', 'a,b\r1,2\r3,4\r');
    expect(await indexCsv(mac, '.csv')).toBeUndefined();
  });

  it('refuses a record past a megabyte, quoted or not, as reading it would', async () => {
    const long = await written('long-line.csv', `a,b\n${'x'.repeat(2 * 1024 * 1024)}\n`);
    await expect(indexCsv(long, '.csv')).rejects.toMatchObject({ code: 'too_large' });
    const quoted = await written('long-quote.csv', `a,b\n"${'x\n'.repeat(1024 * 1024)}"\n`);
    await expect(indexCsv(quoted, '.csv')).rejects.toMatchObject({ code: 'too_large' });
  });
});
