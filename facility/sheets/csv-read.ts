/**
 * A `.csv` or `.tsv` read as the sheet view serves it (docs/decisions/2026-12-06-sheet-view.md),
 * in a pool thread: its encoding found from its first bytes (conversion/text-decode.ts) and its
 * delimiter from its first lines (conversion/table-delimiter.ts), as the PDF path finds them, then
 * its records streamed through `csv-parse` (a record longer than a megabyte is refused, so a file
 * of one 200 MB line costs a megabyte), a block taken and the rest never read.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { tableDelimiter } from '../conversion/table-delimiter.ts';
import { detectedEncoding } from '../conversion/text-decode.ts';
import { SHEET_LIMITS, SheetError } from './sheet-types.ts';
import type { Book, Cell, CellHit, Row, RowBlock, SheetTail } from './sheet-types.ts';
import { shownWidth } from './text-width.ts';

/** The bytes the encoding and the delimiter are found from. */
const SAMPLE_BYTES = 64 * 1024;
/** Rows whose widths size the columns. */
const SIZING_ROWS = 100;
const DEFAULT_WIDTH = 64;
const MAX_WIDTH = 400;
const ROW_HEIGHT = 20;
const NUMBER = /^[-+]?(\d[\d,]*)?(\.\d+)?([eE][-+]?\d+)?%?$/;

export interface Dialect {
  encoding: string;
  delimiter: string;
}

export async function dialectOf(file: string, ext: string): Promise<Dialect> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    let sample = buffer.subarray(0, bytesRead);
    // A sample cut inside a character would not read as UTF-8: cut it at its last line instead.
    const lastLine = sample.lastIndexOf(0x0a);
    if (bytesRead === SAMPLE_BYTES && lastLine > 0) sample = sample.subarray(0, lastLine + 1);
    const encoding = detectedEncoding(sample);
    return { encoding, delimiter: tableDelimiter(iconv.decode(sample, encoding), ext) };
  } finally {
    await handle.close();
  }
}

/**
 * Every record in turn until `visit` returns false; throws SheetError on a hostile record. `at`:
 * the byte offset of a record's start (from the table's index) read from instead of the start.
 */
async function eachRecord(
  file: string,
  dialect: Dialect,
  visit: (record: string[], index: number) => boolean,
  at?: { offset: number; record: number },
): Promise<boolean> {
  const source = createReadStream(file, { start: at?.offset ?? 0 });
  const parser = source.pipe(iconv.decodeStream(dialect.encoding)).pipe(
    parse({
      delimiter: dialect.delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      max_record_size: SHEET_LIMITS.csvRecordBytes,
    }),
  );
  let index = at?.record ?? 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!visit(record, index)) return false;
      index += 1;
    }
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (/max_record_size|record_size/i.test(message) || /Max Record Size/i.test(message)) {
      throw new SheetError(
        'too_large',
        `a record is longer than ${String(SHEET_LIMITS.csvRecordBytes)} bytes`,
      );
    }
    throw new SheetError('unreadable', `not a table of text: ${message.slice(0, 200)}`);
  } finally {
    source.destroy();
  }
}

function rowOf(record: string[], index: number): Row {
  const cells: Cell[] = [];
  for (const [c, text] of record.slice(0, SHEET_LIMITS.columns).entries()) {
    if (text === '') continue;
    const cell: Cell = { c, v: text.slice(0, SHEET_LIMITS.cellText) };
    if (NUMBER.test(text.trim()) && /\d/.test(text)) cell.n = true;
    cells.push(cell);
  }
  return { r: index, cells };
}

/** One sheet named as the file is, its columns sized by its first rows' text. */
export async function readCsvBook(file: string, ext: string, name: string): Promise<Book> {
  const dialect = await dialectOf(file, ext);
  const widths: number[] = [];
  await eachRecord(file, dialect, (record, index) => {
    for (const [c, text] of record.slice(0, SHEET_LIMITS.columns).entries()) {
      const px = Math.max(DEFAULT_WIDTH, shownWidth(text, MAX_WIDTH));
      widths[c] = Math.max(widths[c] ?? DEFAULT_WIDTH, px);
    }
    return index + 1 < SIZING_ROWS;
  });
  const columns = Math.max(1, widths.length);
  return {
    sheets: [
      {
        name: name.slice(0, 64),
        hidden: false,
        declaredRows: 0,
        columns,
        widths: Array.from({ length: columns }, (_, c) => widths[c] ?? DEFAULT_WIDTH),
        defaultHeight: ROW_HEIGHT,
        frozen: { rows: 0, columns: 0 },
      },
    ],
    styles: [],
  };
}

/**
 * Rows `from` to `from + count`; `offset`, when the table's index gives it, is the byte offset of
 * record `from`, read from directly (a seek, not a pass over the rows before it).
 */
export async function readCsvRows(
  file: string,
  ext: string,
  from: number,
  count: number,
  offset?: number,
): Promise<RowBlock> {
  const dialect = await dialectOf(file, ext);
  const rows: Row[] = [];
  let cells = 0;
  let truncated = false as boolean;
  const ended = await eachRecord(
    file,
    dialect,
    (record, index) => {
      if (index >= from + count) return false;
      if (index >= from) {
        const row = rowOf(record, index);
        if (cells + row.cells.length > SHEET_LIMITS.blockCells) {
          truncated = true;
          row.cells = row.cells.slice(0, Math.max(0, SHEET_LIMITS.blockCells - cells));
        }
        cells += row.cells.length;
        rows.push(row);
      }
      return true;
    },
    offset === undefined ? undefined : { offset, record: from },
  );
  return { rows, end: ended, ...(truncated ? { truncated: true as const } : {}) };
}

/** The table read to its end: its row and column counts; each row to `onRow`, when given. */
export async function readCsvTail(
  file: string,
  ext: string,
  onRow?: (row: Row) => void,
): Promise<SheetTail> {
  const dialect = await dialectOf(file, ext);
  let rows = 0;
  let columns = 0;
  await eachRecord(file, dialect, (record, index) => {
    rows = index + 1;
    onRow?.(rowOf(record, index));
    columns = Math.max(columns, Math.min(record.length, SHEET_LIMITS.columns));
    return true;
  });
  return { rows, columns, merges: [], links: [] };
}

export async function searchCsv(file: string, ext: string, query: string): Promise<CellHit[]> {
  const dialect = await dialectOf(file, ext);
  const needle = query.toLocaleLowerCase();
  const hits: CellHit[] = [];
  await eachRecord(file, dialect, (record, index) => {
    for (const [c, text] of record.entries()) {
      if (text.toLocaleLowerCase().includes(needle)) hits.push([0, index, c]);
      if (hits.length >= SHEET_LIMITS.hits) return false;
    }
    return true;
  });
  return hits;
}
