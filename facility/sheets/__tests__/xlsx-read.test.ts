import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildZip } from '../../archives/__tests__/_zip.ts';
import { SHEET_LIMITS, SheetError } from '../sheet-types.ts';
import { readXlsxBook, readXlsxRows, readXlsxTail, searchXlsx } from '../xlsx-read.ts';
import { buildXlsx, ordersSheet, xlsxParts } from './_xlsx.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-xlsx-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function written(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

describe('a workbook as the sheet view reads it', () => {
  let file: string;
  beforeAll(async () => {
    file = await written(
      'small.xlsx',
      buildXlsx([
        {
          name: 'Summary',
          rows: [
            [{ v: 'Title spanning', s: 1 }, null, null],
            [
              { v: 1234.5, s: 2 },
              { v: 45000, s: 3 },
              { v: 0.125, s: 4 },
            ],
            [true, { v: 'cached', f: 'WEBSERVICE("http://evil.example/")' }, { v: 'italic', s: 5 }],
            ['hidden row'],
            ['link'],
          ],
          merges: ['A1:C1'],
          frozen: { rows: 1, columns: 1 },
          widths: { 0: 20, 2: 0 },
          hiddenRows: [3],
          links: [
            { ref: 'A5', url: 'https://example.com/a' },
            { ref: 'B5', url: 'javascript:alert(1)' },
            { ref: 'C5', url: 'file:///etc/passwd' },
          ],
        },
        { name: 'Secret', hidden: true, rows: [['x']] },
        { name: '数据', rows: [['一', '二']] },
      ]),
    );
  });

  it('lists the sheets with their layout and the styles', async () => {
    const book = await readXlsxBook(file);
    expect(book.sheets.map((s) => [s.name, s.hidden])).toEqual([
      ['Summary', false],
      ['Secret', true],
      ['数据', false],
    ]);
    const summary = book.sheets[0];
    expect(summary.declaredRows).toBe(5);
    expect(summary.frozen).toEqual({ rows: 1, columns: 1 });
    expect(summary.widths[0]).toBe(145);
    expect(summary.widths[1]).toBe(64);
    expect(summary.defaultHeight).toBe(20);
    expect(book.styles[1]).toMatchObject({
      bold: true,
      color: '#ff0000',
      size: 14,
      fill: '#ffff00',
      align: 'center',
      wrap: true,
      border: { bottom: '#0000ff' },
    });
    expect(book.styles[5]).toMatchObject({ italic: true });
  });

  it('shows values through their number formats, formulas as their cached values', async () => {
    const block = await readXlsxRows(file, 0, 0, 200);
    expect(block.end).toBe(true);
    const [first, second, third, fourth] = block.rows;
    expect(first.cells).toEqual([{ c: 0, v: 'Title spanning', s: 1 }]);
    expect(second.cells).toEqual([
      { c: 0, v: '1,234.50', s: 2, n: true },
      { c: 1, v: '3/15/23', s: 3, n: true },
      { c: 2, v: '12.5%', s: 4, n: true },
    ]);
    expect(third.cells.map((cell) => cell.v)).toEqual(['TRUE', 'cached', 'italic']);
    expect(fourth.hidden).toBe(true);
  });

  it('reads the tail: merges, row count and only the http(s) links', async () => {
    expect(await readXlsxTail(file, 0)).toEqual({
      rows: 5,
      columns: 3,
      merges: [[0, 0, 0, 2]],
      links: [[4, 0, 'https://example.com/a']],
    });
  });

  it('searches visible sheets, case ignored', async () => {
    expect(await searchXlsx(file, 'ITALIC')).toEqual([[0, 2, 2]]);
    expect(await searchXlsx(file, 'x')).toEqual([]);
    expect(await searchXlsx(file, '二')).toEqual([[2, 0, 1]]);
  });
});

describe('a large workbook', () => {
  let file: string;
  beforeAll(async () => {
    file = await written('orders.xlsx', buildXlsx([ordersSheet(50_000)]));
  }, 60_000);

  it('answers the first block without reading the sheet to its end, memory bounded', async () => {
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const block = await readXlsxRows(file, 0, 0, 200);
    const ms = performance.now() - started;
    expect(block.rows).toHaveLength(200);
    expect(block.end).toBe(false);
    expect(block.rows[1]?.cells.map((c) => c.v)).toEqual([
      '1',
      '3/16/23',
      'Customer 1',
      'South',
      'Product 1',
      '1',
      '10.99',
      '10.99',
      '1.0%',
      'Open',
      'Agent 1',
      'Row 2 note',
    ]);
    // The whole sheet is ~40 MB of XML: a block read from its start is a small part of it.
    expect(ms).toBeLessThan(2000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('answers a block near the end, and the row count from the tail', async () => {
    const block = await readXlsxRows(file, 0, 49_801, 200);
    expect(block.rows.at(-1)?.r).toBe(50_000);
    expect(block.rows.at(-1)?.cells.at(-1)?.v).toBe('Row 50001 note');
    const tail = await readXlsxTail(file, 0);
    expect(tail.rows).toBe(50_001);
    expect(await searchXlsx(file, 'Row 49999 note')).toEqual([[0, 49_998, 11]]);
  }, 30_000);
});

describe('hostile workbooks', () => {
  it('refuses a sheet that declares gigabytes, before inflating it', async () => {
    const parts = xlsxParts([{ name: 'Bomb', rows: [['a']] }]);
    const zip = buildZip(parts);
    // The sheet's declared inflated size, in its local header and its central directory record.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    for (let at = zip.indexOf(name); at >= 0; at = zip.indexOf(name, at + 1)) {
      const signature = zip.readUInt32LE(at - 30) === 0x04034b50 ? at - 30 : at - 46;
      const field = zip.readUInt32LE(signature) === 0x04034b50 ? 22 : 24;
      zip.writeUInt32LE(0xfff00000, signature + field);
    }
    const file = await written('bomb.xlsx', zip);
    await expect(readXlsxRows(file, 0, 0, 200)).rejects.toMatchObject({ code: 'too_large' });
  });

  it('does not expand entities the document defines (billion laughs), nor fetch external ones', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY x SYSTEM "file:///etc/passwd">]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&c;&x;</t></si></sst>`;
    const parts = xlsxParts([{ name: 'S', rows: [['a']] }]).map((entry) =>
      entry.name === 'xl/sharedStrings.xml' ? { ...entry, data: Buffer.from(laughs) } : entry,
    );
    const file = await written('laughs.xlsx', buildZip(parts));
    const refusal = readXlsxRows(file, 0, 0, 200);
    await expect(refusal).rejects.toBeInstanceOf(SheetError);
    await expect(refusal).rejects.toMatchObject({ code: 'unreadable' });
  });

  it('takes a declared million rows as declared, and counts the real ones', async () => {
    const file = await written(
      'declared.xlsx',
      buildXlsx([{ name: 'Tall', rows: [['a'], ['b']], dimension: 'A1:XFD1048576' }]),
    );
    const book = await readXlsxBook(file);
    expect(book.sheets[0]?.declaredRows).toBe(1_048_576);
    expect(book.sheets[0]?.columns).toBe(16_384);
    expect((await readXlsxTail(file, 0)).rows).toBe(2);
    expect((await readXlsxRows(file, 0, 1_000_000, 200)).rows).toEqual([]);
  });

  it('cuts a block at its cells: a sheet 16 384 columns wide makes no more than a block answers', async () => {
    const file = await written(
      'wide.xlsx',
      buildXlsx([
        {
          name: 'Wide',
          rowCount: 10,
          rows: (r) => Array.from({ length: 16_384 }, (_, c) => r + c),
        },
      ]),
    );
    const block = await readXlsxRows(file, 0, 0, 200);
    expect(block.truncated).toBe(true);
    expect(block.rows).toHaveLength(10);
    expect(block.rows.reduce((sum, row) => sum + row.cells.length, 0)).toBe(
      SHEET_LIMITS.blockCells,
    );
    expect(block.rows[6]?.cells.at(-1)?.c).toBe(SHEET_LIMITS.blockCells - 6 * 16_384 - 1);
    // The pass over the whole sheet (the blocks cached in one go) is handed the same cells and
    // one more, which tells its blocks' writer to mark the block cut.
    let made = 0;
    const tail = await readXlsxTail(file, 0, (row) => {
      made += row.cells.length;
    });
    expect(made).toBe(SHEET_LIMITS.blockCells + 1);
    expect(tail).toMatchObject({ rows: 10, columns: 16_384 });
  }, 30_000);

  it('keeps a 32 767-character cell whole and cuts longer text there', async () => {
    const file = await written(
      'long.xlsx',
      buildXlsx([{ name: 'L', rows: [['x'.repeat(40_000)]] }]),
    );
    const block = await readXlsxRows(file, 0, 0, 1);
    expect(block.rows[0]?.cells[0]?.v).toHaveLength(32_767);
  });

  it('refuses a shared-string table past its cap once read there, and lists the sheets without it', async () => {
    // 2 100 strings of 32 767 characters: past the 64 M characters kept (sheet-types.ts).
    const long = `<si><t>${'x'.repeat(32_767)}</t></si>`;
    const table = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${long.repeat(2100)}</sst>`;
    const parts = xlsxParts([{ name: 'S', rows: [['a']] }]).map((entry) =>
      entry.name === 'xl/sharedStrings.xml' ? { ...entry, data: Buffer.from(table) } : entry,
    );
    const file = await written('strings.xlsx', buildZip(parts));
    expect((await readXlsxBook(file)).sheets.map((sheet) => sheet.name)).toEqual(['S']);
    // Block 0 needs the table's first string only (xlsx-shared-strings.ts); the tail and a
    // search read the whole table, and are refused at the cap, memory bounded by it.
    expect((await readXlsxRows(file, 0, 0, 200)).rows[0]?.cells[0]?.v).toHaveLength(32_767);
    await expect(readXlsxTail(file, 0)).rejects.toMatchObject({ code: 'too_large' });
    await expect(searchXlsx(file, 'a')).rejects.toMatchObject({ code: 'too_large' });
  }, 30_000);

  it('refuses a file that is not a zip', async () => {
    const file = await written('not.xlsx', Buffer.from('hello'));
    await expect(readXlsxBook(file)).rejects.toMatchObject({ code: 'unreadable' });
  });
});
