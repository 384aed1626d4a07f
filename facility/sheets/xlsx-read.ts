/**
 * An `.xlsx` (`.xlsm`, `.xltx`, `.xltm`) read as the sheet view serves it
 * (docs/decisions/2026-12-06-sheet-view.md), in a pool thread: the workbook's sheets and styles,
 * then one sheet's XML streamed row by row — a block of rows taken and the rest never inflated,
 * or read to its end for what only its end says (merged ranges, links, the row count). Memory is
 * the shared strings and one row, whatever the sheet's length.
 *
 * Cells show their cached values only: a formula is never evaluated (so neither `WEBSERVICE()` nor
 * an external workbook's link reaches anything), numbers through the file's number formats
 * (`ssf`, SheetJS's formatter), links only when `http(s)`.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import SSF from 'ssf';
import { SHEET_LIMITS, SheetError } from './sheet-types.ts';
import type {
  Book,
  Cell,
  CellHit,
  Merge,
  Row,
  RowBlock,
  SheetLayout,
  SheetTail,
} from './sheet-types.ts';
import { fromRow } from './xlsx-row-skip.ts';
import { readStyles } from './xlsx-styles.ts';
import type { Styles } from './xlsx-styles.ts';
import { openSharedStrings } from './xlsx-shared-strings.ts';
import type { SharedStrings } from './xlsx-shared-strings.ts';
import { readXml } from './xml-stream.ts';
import { openParts, partStream, partText } from './zip-parts.ts';
import type { Parts } from './zip-parts.ts';

export interface SheetPart {
  name: string;
  hidden: boolean;
  /** The part's name in the zip (`xl/worksheets/sheet1.xml`). */
  part: string;
}

export interface Workbook {
  sheets: SheetPart[];
  styles: Styles;
  date1904: boolean;
}

/** Excel's column width in characters of the default font (Calibri 11: 7 px) as pixels. */
const widthPx = (chars: number): number => Math.round(chars * 7 + 5);
/** Points as CSS pixels. */
const pointsPx = (points: number): number => Math.round((points * 4) / 3);
const DEFAULT_WIDTH_CHARS = 8.43;
const DEFAULT_HEIGHT_POINTS = 15;

/** `B` → 1, `AA` → 26; -1 when not letters. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) {
    const code = char.charCodeAt(0) - 64;
    if (code < 1 || code > 26) return -1;
    n = n * 26 + code;
  }
  return n - 1;
}

/** `B200` → [row 199, column 1]; undefined when not a cell reference. */
export function cellAt(ref: string): [number, number] | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!match) return undefined;
  return [Number(match[2]) - 1, columnIndex(match[1])];
}

function rangeAt(ref: string): Merge | undefined {
  const [from, to = from] = ref.split(':');
  const a = cellAt(from);
  const b = cellAt(to);
  if (!a || !b) return undefined;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}

/** A part's relationship: its target part (resolved) or external URL, and its type's URI. */
export interface Relationship {
  target: string;
  external: boolean;
  type: string;
}

/** A part's relationships by id (xlsx-marks.ts finds a sheet's comments and drawings by type). */
export async function relationships(parts: Parts, of: string): Promise<Map<string, Relationship>> {
  const relsName = path.posix.join(
    path.posix.dirname(of),
    '_rels',
    `${path.posix.basename(of)}.rels`,
  );
  const xml = await partText(parts, relsName, SHEET_LIMITS.partBytes);
  const rels = new Map<string, Relationship>();
  if (xml === undefined) return rels;
  await readXml(xml, {
    open: (name, a) => {
      if (name !== 'Relationship' || a.Id === undefined || a.Target === undefined) return;
      const external = a.TargetMode === 'External';
      const target = external
        ? a.Target
        : a.Target.startsWith('/')
          ? a.Target.slice(1)
          : path.posix.normalize(path.posix.join(path.posix.dirname(of), a.Target));
      rels.set(a.Id, { target, external, type: a.Type ?? '' });
    },
  });
  return rels;
}

async function readWorkbook(parts: Parts): Promise<Workbook> {
  const workbookPart = 'xl/workbook.xml';
  const xml = await partText(parts, workbookPart, SHEET_LIMITS.partBytes);
  if (xml === undefined) throw new SheetError('unreadable', 'the file holds no workbook');
  const rels = await relationships(parts, workbookPart);
  const sheets: SheetPart[] = [];
  let date1904 = false;
  await readXml(xml, {
    open: (name, a) => {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name !== 'sheet') return;
      const rid = a['r:id'] ?? Object.entries(a).find(([key]) => key.endsWith(':id'))?.[1];
      const rel = rid === undefined ? undefined : rels.get(rid);
      // A chart sheet or a dialog sheet has no cells: not listed.
      if (!rel || rel.external || !parts.entries.has(rel.target)) return;
      if (!rel.target.includes('worksheets/')) return;
      sheets.push({
        name: (a.name ?? `Sheet${String(sheets.length + 1)}`).slice(0, 64),
        hidden: a.state === 'hidden' || a.state === 'veryHidden',
        part: rel.target,
      });
    },
  });
  const styles = await readStyles(await partText(parts, 'xl/styles.xml', SHEET_LIMITS.partBytes));
  return { sheets, styles, date1904 };
}

/**
 * What a pool thread keeps of the last workbook it read: its blocks then skip the preamble. The
 * shared strings are opened only for rows (the sheets' list, the metadata's answer, does not wait
 * for them) and read only as far as rows need them (xlsx-shared-strings.ts).
 */
export interface Opened {
  key: string;
  workbook: Workbook;
  shared: SharedStrings | undefined;
}
let lastOpened: Opened | undefined;

async function opened(file: string, parts: Parts, strings: boolean): Promise<Opened> {
  const stats = await stat(file);
  const key = `${file}\0${String(stats.mtimeMs)}\0${String(stats.size)}`;
  if (lastOpened?.key !== key) {
    lastOpened?.shared?.close();
    lastOpened = undefined;
    lastOpened = { key, workbook: await readWorkbook(parts), shared: undefined };
  }
  if (strings) lastOpened.shared ??= await openSharedStrings(file);
  return lastOpened;
}

/** The shared strings of an opened workbook, read to their end (a sheet's tail, a search). */
async function allStrings(book: Opened): Promise<readonly string[]> {
  await book.shared?.readTo(Infinity);
  return book.shared?.strings ?? [];
}

export async function withWorkbook<T>(
  file: string,
  read: (parts: Parts, book: Opened) => Promise<T>,
  strings = true,
) {
  const parts = await openParts(file);
  try {
    return await read(parts, await opened(file, parts, strings));
  } finally {
    parts.close();
  }
}

export function sheetOf(workbook: Workbook, index: number): SheetPart {
  const sheet = index >= 0 ? workbook.sheets.at(index) : undefined;
  if (sheet === undefined) throw new SheetError('unreadable', `no sheet ${String(index)}`);
  return sheet;
}

/** A sheet's layout, from the XML before its rows (`dimension`, `sheetViews`, `cols`). */
async function readLayout(parts: Parts, sheet: SheetPart): Promise<SheetLayout> {
  const stream = await partStream(parts, sheet.part, SHEET_LIMITS.sheetBytes);
  let declaredRows = 0;
  let columns = 0;
  let frozen = { rows: 0, columns: 0 };
  let defaultChars = DEFAULT_WIDTH_CHARS;
  let defaultHeight = pointsPx(DEFAULT_HEIGHT_POINTS);
  const cols: { min: number; max: number; px: number }[] = [];
  let done = false;
  await readXml(
    stream,
    {
      open: (name, a) => {
        if (done) return;
        if (name === 'dimension') {
          const range = rangeAt(a.ref ?? '');
          if (range) {
            declaredRows = range[2] + 1;
            columns = range[3] + 1;
          }
        } else if (name === 'pane' && (a.state === 'frozen' || a.state === 'frozenSplit')) {
          frozen = {
            rows: Math.max(0, Math.floor(Number(a.ySplit ?? 0)) || 0),
            columns: Math.max(0, Math.floor(Number(a.xSplit ?? 0)) || 0),
          };
        } else if (name === 'sheetFormatPr') {
          const width = Number(a.defaultColWidth ?? a.baseColWidth);
          if (width > 0 && width < 256) defaultChars = a.defaultColWidth ? width : width + 0.43;
          const height = Number(a.defaultRowHeight);
          if (height > 0 && height < 410) defaultHeight = pointsPx(height);
        } else if (name === 'col') {
          const min = Number(a.min) - 1;
          const max = Math.min(Number(a.max) - 1, SHEET_LIMITS.columns - 1);
          const width = Number(a.width ?? defaultChars);
          const hidden = a.hidden === '1' || a.hidden === 'true';
          if (min >= 0 && max >= min && cols.length < SHEET_LIMITS.columns) {
            cols.push({ min, max, px: hidden ? 0 : widthPx(width > 0 ? Math.min(width, 255) : 0) });
          }
        } else if (name === 'sheetData') done = true;
      },
    },
    () => done,
  );
  const widestCol = cols.reduce((most, col) => Math.max(most, col.max + 1), 0);
  // Columns with a width of their own past the content are shown only up to a screen's worth.
  columns = Math.min(SHEET_LIMITS.columns, Math.max(columns, Math.min(widestCol, columns + 26), 1));
  const widths = Array.from({ length: columns }, () => widthPx(defaultChars));
  for (const col of cols) {
    for (let c = col.min; c <= Math.min(col.max, columns - 1); c += 1) widths[c] = col.px;
  }
  return {
    name: sheet.name,
    hidden: sheet.hidden,
    declaredRows: Math.min(declaredRows, 1_048_576),
    columns,
    widths,
    defaultHeight,
    frozen,
  };
}

export async function readXlsxBook(file: string): Promise<Book> {
  return withWorkbook(
    file,
    async (parts, { workbook }) => {
      const sheets: SheetLayout[] = [];
      for (const sheet of workbook.sheets) sheets.push(await readLayout(parts, sheet));
      if (sheets.length === 0) throw new SheetError('unreadable', 'the workbook has no sheet');
      return { sheets, styles: workbook.styles.styles };
    },
    false,
  );
}

interface ScanOptions {
  /** Rows from `from` (0-based) to before `to` have their cells read; the others are counted. */
  from: number;
  to: number;
  /** Reads on to the sheet's end for merges and links; else stops once past `to`. */
  tail: boolean;
  onRow: (row: Row) => void;
  /** The shared strings known. */
  strings: readonly string[];
  /** Cells whose shared string is not read yet, with its index (filled in by the caller). */
  unread?: [Cell, number][];
}

interface Scanned {
  rows: number;
  columns: number;
  merges: Merge[];
  /** Links by relationship id, to be resolved against the sheet's relationships. */
  links: [number, number, string][];
  ended: boolean;
}

/** What a cell shows: its cached value through its number format. */
function shownValue(
  type: string,
  raw: string,
  format: string,
  shared: readonly string[],
  date1904: boolean,
): { text: string; number: boolean } {
  if (type === 's') return { text: shared[Number(raw)] ?? '', number: false };
  if (type === 'b')
    return { text: raw === '1' || raw === 'true' ? 'TRUE' : 'FALSE', number: false };
  if (type === 'str' || type === 'inlineStr' || type === 'e' || type === 'd') {
    return { text: raw, number: false };
  }
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) return { text: raw, number: false };
  try {
    return { text: SSF.format(format, value, { date1904 }), number: true };
  } catch {
    return { text: String(value), number: true };
  }
}

async function scanSheet(
  parts: Parts,
  { workbook }: Opened,
  sheet: SheetPart,
  options: ScanOptions,
): Promise<Scanned> {
  const part = await partStream(parts, sheet.part, SHEET_LIMITS.sheetBytes);
  const { from, to, tail, onRow, strings, unread } = options;
  const { formats } = workbook.styles;
  const scanned: Scanned = { rows: 0, columns: 0, merges: [], links: [], ended: false };
  let stop = false;
  let rowIndex = -1;
  let row: Row | undefined;
  let colIndex = -1;
  let cell: { c: number; s: number; type: string; raw: string } | undefined;
  let inValue = false;
  let inInline = 0;
  // Cells of the current block (SHEET_LIMITS.blockRows rows from a multiple of it): past one more
  // than a block answers, the rest are passed over, not made, so that 16 384 columns cost the
  // parse alone; the block's reader sees that one and marks the block cut.
  let block = -1;
  let blockCells = 0;
  // A block far down a sheet: the rows before it are passed over unparsed (xlsx-row-skip.ts).
  const stream =
    from > 0 && !tail
      ? Readable.from(
          fromRow(part, from, (last) => {
            rowIndex = last;
          }),
        )
      : part;
  await readXml(
    stream,
    {
      open: (name, a) => {
        if (stop) return;
        if (name === 'row') {
          const given = Number(a.r);
          rowIndex = Number.isInteger(given) && given > 0 ? given - 1 : rowIndex + 1;
          colIndex = -1;
          scanned.rows = Math.max(scanned.rows, rowIndex + 1);
          if (rowIndex >= to && !tail) {
            stop = true;
            return;
          }
          if (rowIndex < from || rowIndex >= to) return;
          row = { r: rowIndex, cells: [] };
          const inBlock = Math.floor(rowIndex / SHEET_LIMITS.blockRows);
          if (inBlock !== block) {
            block = inBlock;
            blockCells = 0;
          }
          const height = Number(a.ht);
          if (
            (a.customHeight === '1' || a.customHeight === 'true') &&
            height >= 0 &&
            height < 410
          ) {
            row.h = pointsPx(height);
          }
          if (a.hidden === '1' || a.hidden === 'true') row.hidden = true;
        } else if (name === 'c') {
          const at = a.r === undefined ? undefined : cellAt(a.r);
          colIndex = at ? at[1] : colIndex + 1;
          scanned.columns = Math.max(scanned.columns, Math.min(colIndex + 1, SHEET_LIMITS.columns));
          if (row && colIndex < SHEET_LIMITS.columns && blockCells <= SHEET_LIMITS.blockCells) {
            cell = { c: colIndex, s: Number(a.s ?? 0) || 0, type: a.t ?? 'n', raw: '' };
          }
        } else if (cell && name === 'v') inValue = true;
        else if (cell && name === 'is') inInline = 1;
        else if (cell && inInline > 0 && name === 'rPh') inInline = 2;
        else if (name === 'mergeCell') {
          const merge = rangeAt(a.ref ?? '');
          if (merge && scanned.merges.length < SHEET_LIMITS.merges) scanned.merges.push(merge);
        } else if (name === 'hyperlink') {
          const at = cellAt((a.ref ?? '').split(':')[0] ?? '');
          const rid = a['r:id'] ?? Object.entries(a).find(([key]) => key.endsWith(':id'))?.[1];
          if (at && rid && scanned.links.length < SHEET_LIMITS.links) {
            scanned.links.push([at[0], at[1], rid]);
          }
        }
      },
      text: (text) => {
        if (!cell || cell.raw.length >= SHEET_LIMITS.cellText) return;
        if (inValue || inInline === 1) cell.raw += text;
      },
      close: (name) => {
        if (stop) return;
        if (name === 'v') inValue = false;
        else if (name === 'rPh') inInline = inInline > 0 ? 1 : 0;
        else if (name === 'is') inInline = 0;
        else if (name === 'c' && cell && row) {
          if (cell.raw !== '' || cell.s !== 0) {
            const type = cell.type === 'inlineStr' || inInline > 0 ? 'inlineStr' : cell.type;
            const shown = shownValue(
              type,
              cell.raw.slice(0, SHEET_LIMITS.cellText),
              formats[cell.s] ?? 'General',
              strings,
              workbook.date1904,
            );
            const out: Cell = { c: cell.c, v: shown.text };
            const at = Number(cell.raw);
            if (type === 's' && unread && at >= strings.length) unread.push([out, at]);
            if (cell.s !== 0) out.s = cell.s;
            if (shown.number) out.n = true;
            row.cells.push(out);
            blockCells += 1;
          }
          cell = undefined;
        } else if (name === 'row' && row) {
          onRow(row);
          row = undefined;
        } else if (name === 'sheetData') {
          // The rows are all read: what follows matters only to the tail.
          scanned.ended = true;
          stop = !tail;
        }
      },
    },
    () => stop,
  );
  return scanned;
}

/** Rows `from` to `from + count` (fewer when the sheet ends or the block's cells run out). */
export async function readXlsxRows(
  file: string,
  sheetIndex: number,
  from: number,
  count: number,
): Promise<RowBlock> {
  return withWorkbook(file, async (parts, book) => {
    const sheet = sheetOf(book.workbook, sheetIndex);
    const rows: Row[] = [];
    let cells = 0;
    let truncated = false as boolean;
    const unread: [Cell, number][] = [];
    const scanned = await scanSheet(parts, book, sheet, {
      from,
      to: from + count,
      tail: false,
      strings: book.shared?.strings ?? [],
      unread,
      onRow: (row) => {
        if (cells + row.cells.length > SHEET_LIMITS.blockCells) {
          truncated = true;
          row.cells = row.cells.slice(0, Math.max(0, SHEET_LIMITS.blockCells - cells));
        }
        cells += row.cells.length;
        rows.push(row);
      },
    });
    if (unread.length > 0 && book.shared) {
      // The strings these rows use, and no further: the table's head for the first rows.
      await book.shared.readTo(unread.reduce((most, [, at]) => Math.max(most, at), 0));
      for (const [cell, at] of unread) cell.v = book.shared.strings[at] ?? '';
    }
    return { rows, end: scanned.ended, ...(truncated ? { truncated: true as const } : {}) };
  });
}

const isHttp = (url: string): boolean => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The sheet read to its end: its row count, merged ranges and http(s) links; each row to `onRow`
 * on the way, when given (the blocks are then cached in one pass, sheet-task.ts).
 */
export async function readXlsxTail(
  file: string,
  sheetIndex: number,
  onRow?: (row: Row) => void,
): Promise<SheetTail> {
  return withWorkbook(file, async (parts, book) => {
    const sheet = sheetOf(book.workbook, sheetIndex);
    const scanned = await scanSheet(parts, book, sheet, {
      from: 0,
      to: onRow ? Infinity : 0,
      tail: true,
      strings: await allStrings(book),
      onRow: onRow ?? (() => undefined),
    });
    const rels = await relationships(parts, sheet.part);
    const links: SheetTail['links'] = [];
    for (const [r, c, rid] of scanned.links) {
      const rel = rels.get(rid);
      if (rel?.external && isHttp(rel.target)) links.push([r, c, rel.target]);
    }
    return { rows: scanned.rows, columns: scanned.columns, merges: scanned.merges, links };
  });
}

/** Cells whose shown text holds `query` (case ignored), sheet by sheet, hidden sheets left out. */
export async function searchXlsx(file: string, query: string): Promise<CellHit[]> {
  const needle = query.toLocaleLowerCase();
  return withWorkbook(file, async (parts, book) => {
    const hits: CellHit[] = [];
    const strings = await allStrings(book);
    for (const [index, sheet] of book.workbook.sheets.entries()) {
      if (sheet.hidden || hits.length >= SHEET_LIMITS.hits) continue;
      await scanSheet(parts, book, sheet, {
        from: 0,
        to: Infinity,
        tail: false,
        strings,
        onRow: (row) => {
          for (const cell of row.cells) {
            if (hits.length < SHEET_LIMITS.hits && cell.v.toLocaleLowerCase().includes(needle)) {
              hits.push([index, row.r, cell.c]);
            }
          }
        },
      });
    }
    return hits;
  });
}
