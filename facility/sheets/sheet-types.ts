/**
 * What the sheet view's reader answers (docs/decisions/2026-12-06-sheet-view.md): a workbook's
 * sheets with their layout, a sheet's rows a block at a time, and what is only known once a sheet
 * has been read to its end (its row count, merged ranges, links). Types only: the pool's tasks
 * (xlsx-read.ts, csv-read.ts) make them, the facility's part (sheets.ts) caches and serves them.
 */

// A cell's look and a sheet's layout are the viewer's own types (src/domain/sheet.ts): the
// answer carries them as they are, so one definition serves both sides.
import type { CellStyle, SheetComment, SheetDrawing, SheetLayout } from '../../src/domain/sheet.ts';

export type { CellStyle, SheetComment, SheetDrawing, SheetLayout };

export interface Book {
  sheets: SheetLayout[];
  styles: CellStyle[];
}

/** A cell: its column (0-based), the text a reader sees, its style, whether it is a number. */
export interface Cell {
  c: number;
  v: string;
  s?: number;
  n?: true;
}

export interface Row {
  /** 0-based. */
  r: number;
  /** Pixels, when the row has a height of its own. */
  h?: number;
  hidden?: true;
  cells: Cell[];
}

export interface RowBlock {
  rows: Row[];
  /** The sheet ended within or before this block. */
  end: boolean;
  /** Cells past the block's cap were left out. */
  truncated?: true;
}

/** A merged range, 0-based and inclusive: top, left, bottom, right. */
export type Merge = [number, number, number, number];

export interface SheetTail {
  /** Columns with content, counted to the sheet's end. */
  columns: number;
  /** Rows with content or a height, counted to the sheet's end. */
  rows: number;
  merges: Merge[];
  /** http(s) links by cell: row, column, URL. */
  links: [number, number, string][];
}

/** A sheet's comments and drawn objects, each list capped (`capped`: the file had more). */
export interface SheetMarks {
  comments: SheetComment[];
  commentsCapped: boolean;
  drawings: SheetDrawing[];
  drawingsCapped: boolean;
}

/** A search hit: sheet index, row and column (0-based). */
export type CellHit = [number, number, number];

/** The reader's limits, each a clear refusal (`too_large`) rather than memory or time spent. */
export const SHEET_LIMITS = {
  /** Rows in a block the viewer asks for. */
  blockRows: 200,
  /** Cells one block answers at most (16 384 columns × 200 rows would be 3 M). */
  blockCells: 100_000,
  /** Columns the grid shows: Excel's own maximum. */
  columns: 16_384,
  /** Characters a cell shows (Excel's own maximum). */
  cellText: 32_767,
  /** The shared strings' characters, all kept in a worker's memory while it reads. */
  sharedChars: 64 * 1024 * 1024,
  sharedStrings: 4_000_000,
  /** Inflated bytes of the parts read whole (workbook, styles, relationships). */
  partBytes: 16 * 1024 * 1024,
  /** Inflated bytes of one sheet's XML read to its end; more answers `too_large`. */
  sheetBytes: 1024 * 1024 * 1024,
  merges: 100_000,
  links: 100_000,
  hits: 1000,
  /** One CSV record's bytes. */
  csvRecordBytes: 1024 * 1024,
} as const;

/** A refusal the reader gives for a hostile or unreadable workbook. */
export class SheetError extends Error {
  readonly code: 'too_large' | 'unreadable';
  constructor(code: 'too_large' | 'unreadable', message: string) {
    super(message);
    this.code = code;
  }
}
