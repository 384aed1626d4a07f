import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildZip } from '../../archives/__tests__/_zip.ts';
import type { Row } from '../sheet-types.ts';
import { readXlsxRows, readXlsxTail } from '../xlsx-read.ts';
import { fromRow } from '../xlsx-row-skip.ts';
import { buildXlsx, ordersSheet, xlsxParts } from './_xlsx.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-skip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `xml` cut into pieces of `size` characters, as a part's inflating gives it. */
const pieces = (xml: string, size: number) => {
  const out: string[] = [];
  for (let at = 0; at < xml.length; at += size) out.push(xml.slice(at, at + size));
  return Readable.from(out);
};

async function skipped(xml: string, from: number, size: number) {
  let last = Number.NaN;
  let text = '';
  for await (const chunk of fromRow(pieces(xml, size), from, (row) => {
    last = row;
  })) {
    text += chunk;
  }
  return { text, last };
}

const SHEET = (rows: string) =>
  `<?xml version="1.0"?><x:worksheet xmlns:x="urn:main"><x:dimension ref="A1:A9"/><x:sheetData>${rows}</x:sheetData><x:mergeCells/></x:worksheet>`;

describe("a sheet's rows passed over unparsed", () => {
  it('keeps the XML before the rows and gives the rows from the first at or past the block', async () => {
    const rows =
      '<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row>' +
      '<!-- <x:row r="7"> --><x:row><x:c><x:v><![CDATA[<x:row r="8">]]></x:v></x:c></x:row>' +
      '<?pi <x:row r="9"> ?><x:rowBreaks/><x:row r="5" spans="1:1"><x:c><x:v>5</x:v></x:c></x:row>' +
      '<x:row r="6"/>';
    for (const size of [1, 3, 7, 64, 10_000]) {
      const { text, last } = await skipped(SHEET(rows), 3, size);
      expect(text).toBe(
        `<?xml version="1.0"?><x:worksheet xmlns:x="urn:main"><x:dimension ref="A1:A9"/><x:sheetData><x:row r="5" spans="1:1"><x:c><x:v>5</x:v></x:c></x:row><x:row r="6"/></x:sheetData><x:mergeCells/></x:worksheet>`,
      );
      // The row without its number was the second.
      expect(last).toBe(1);
    }
  });

  it('gives the end of the rows when the sheet ends before the block, and an empty sheet whole', async () => {
    const { text, last } = await skipped(SHEET('<x:row r="1"/><x:row r="2"/>'), 10, 5);
    expect(text).toContain('<x:sheetData></x:sheetData><x:mergeCells/>');
    expect(last).toBe(1);
    const empty = '<worksheet><sheetData/></worksheet>';
    expect((await skipped(empty, 10, 4)).text).toBe(empty);
  });

  it('reads a far block of a workbook as the whole pass does, rows without numbers too', async () => {
    const file = path.join(dir, 'orders.xlsx');
    await writeFile(file, buildXlsx([ordersSheet(3000)]));
    const passed: Row[] = [];
    await readXlsxTail(file, 0, (row) => passed.push(row));
    for (const from of [200, 1400, 2800]) {
      const block = await readXlsxRows(file, 0, from, 200);
      expect(block.rows).toEqual(passed.slice(from, from + 200));
    }
    // The same sheet with no `r` on its rows: they are counted as they are passed.
    const parts = xlsxParts([ordersSheet(1000)]).map((entry) =>
      entry.name === 'xl/worksheets/sheet1.xml'
        ? { ...entry, data: Buffer.from(String(entry.data).replace(/<row r="\d+"/g, '<row')) }
        : entry,
    );
    const unnumbered = path.join(dir, 'unnumbered.xlsx');
    await writeFile(unnumbered, buildZip(parts));
    const block = await readXlsxRows(unnumbered, 0, 600, 200);
    expect(block.rows[0]?.r).toBe(600);
    expect(block.rows[0]?.cells[2]?.v).toBe('Customer 600');
  }, 30_000);
});
