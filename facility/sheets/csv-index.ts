/**
 * A table of text's index (docs/decisions/2026-12-07-sheet-first-screen-and-jump.md): one pass over
 * its bytes, without decoding or parsing, finding where its records start — a line break outside
 * quotes, a quote opening a field only at its start as `csv-parse` with `relax_quotes` reads them —
 * and keeping the byte offset of every block's first record, with the row and column counts (the
 * sheet's tail). Any block is then read by seeking to its offset (csv-read.ts `readCsvRows`), and
 * the last one does not wait for every block before it to be parsed.
 *
 * Bytes are the encoding's own: the index is made only when a line break, a quote and the
 * delimiter are one byte that never occurs inside another character (UTF-8, single-byte code
 * pages, EUC; GB18030, Shift_JIS and Big5 whose second bytes are ≥ 0x40 unless the delimiter is
 * too), and lines end with `\n` (CRLF included); otherwise the table is read as before.
 */
import { createReadStream } from 'node:fs';
import { SHEET_LIMITS, SheetError } from './sheet-types.ts';
import type { SheetTail } from './sheet-types.ts';
import { dialectOf } from './csv-read.ts';
import type { Dialect } from './csv-read.ts';

export interface CsvIndex {
  /** Byte offset of record `i * SHEET_LIMITS.blockRows`, for each block. */
  offsets: number[];
  rows: number;
  columns: number;
}

const NEWLINE = 0x0a;
const RETURN = 0x0d;
const QUOTE = 0x22;
/** Encodings in which any byte below 0x80 is that ASCII character. */
const ASCII_SAFE = /^(utf-?8|ascii|us-ascii|windows-125\d|iso-8859-\d+|koi8-[ru]|euc-(jp|kr))$/i;
/** Encodings whose second bytes are ≥ 0x40, so no line break, quote or `,;\t` hides in them. */
const LOW_SAFE = /^(gb18030|gbk|gb2312|shift_jis|big5)$/i;

function indexable(dialect: Dialect): boolean {
  if (dialect.delimiter.length !== 1) return false;
  const code = dialect.delimiter.charCodeAt(0);
  if (ASCII_SAFE.test(dialect.encoding)) return code < 0x80;
  return LOW_SAFE.test(dialect.encoding) && code < 0x40;
}

/** Where a sample's lines end: `\n` (CRLF too) indexes; a lone `\r` ends records csv-parse's way. */
function linesEndWithNewline(sample: Uint8Array): boolean {
  for (let i = 0; i < sample.length; i += 1) {
    if (sample[i] === RETURN && i + 1 < sample.length && sample[i + 1] !== NEWLINE) return false;
  }
  return true;
}

/** Field states of the scan. */
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** A quote inside a quoted field: a second one is a quote, anything else ends the quotes. */
const QUOTE_SEEN = 3;

/**
 * The table's index, or undefined when its encoding or line ends cannot be read as bytes. A
 * record longer than SHEET_LIMITS.csvRecordBytes is refused as reading it would be.
 */
export async function indexCsv(file: string, ext: string): Promise<CsvIndex | undefined> {
  const dialect = await dialectOf(file, ext);
  if (!indexable(dialect)) return undefined;
  const delimiter = dialect.delimiter.charCodeAt(0);
  const every = SHEET_LIMITS.blockRows;
  const offsets: number[] = [];
  let rows = 0;
  let columns = 0;
  let fields = 1;
  let state = FIELD_START;
  /** The current record's first byte, and whether it has one (the file may end after a break). */
  let recordStart = 0;
  let inRecord = false;
  let position = 0;
  let first = true;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    const bytes = chunk as Buffer;
    let i = 0;
    if (first) {
      first = false;
      if (!linesEndWithNewline(bytes.subarray(0, 64 * 1024))) return undefined;
      // A byte-order mark is not the first field's (csv-parse's `bom`).
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
    }
    const length = bytes.length;
    while (i < length) {
      if (state === QUOTED) {
        // Inside quotes only a quote matters: line breaks and delimiters are the field's.
        const quote = bytes.indexOf(QUOTE, i);
        if (quote < 0) break;
        i = quote + 1;
        state = QUOTE_SEEN;
        continue;
      }
      if (state === QUOTE_SEEN) {
        if (bytes[i] === QUOTE) {
          state = QUOTED;
          i += 1;
          continue;
        }
        state = UNQUOTED;
      }
      if (state === FIELD_START) {
        if (!inRecord) {
          inRecord = true;
          recordStart = position + i;
          if (rows % every === 0) offsets.push(recordStart);
        }
        if (bytes[i] === QUOTE) {
          state = QUOTED;
          i += 1;
          continue;
        }
        state = UNQUOTED;
      }
      // Unquoted: on to the field's end (a quote here is the field's own, as relax_quotes reads).
      let byte = 0;
      for (; i < length; i += 1) {
        byte = bytes[i] ?? 0;
        if (byte === NEWLINE || byte === delimiter) break;
      }
      if (i === length) break;
      state = FIELD_START;
      i += 1;
      if (byte === delimiter) {
        fields += 1;
        continue;
      }
      rows += 1;
      columns = Math.max(columns, fields);
      fields = 1;
      inRecord = false;
      if (position + i - recordStart > SHEET_LIMITS.csvRecordBytes) throw tooLong();
    }
    position += bytes.length;
    if (inRecord && position - recordStart > SHEET_LIMITS.csvRecordBytes) throw tooLong();
  }
  if (inRecord) {
    rows += 1;
    columns = Math.max(columns, fields);
  }
  return { offsets, rows, columns: Math.min(columns, SHEET_LIMITS.columns) };
}

const tooLong = () =>
  new SheetError(
    'too_large',
    `a record is longer than ${String(SHEET_LIMITS.csvRecordBytes)} bytes`,
  );

/** What the index says of the table's end, as its tail. */
export const indexTail = (index: CsvIndex): SheetTail => ({
  rows: index.rows,
  columns: index.columns,
  merges: [],
  links: [],
});
