/**
 * What a sheet view shows (contracts §3 "Views beyond pages"; docs/decisions/
 * 2026-12-06-sheet-view.md): a workbook's sheets with their layout and styles, and the URLs of
 * their rows, served in blocks. Pure data, read and checked by services/sheet/read.ts.
 */

/** A cell's look; cells name it by index. Colours are `#rrggbb`. */
export interface CellStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string;
  /** Points. */
  size?: number;
  font?: string;
  fill?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
  valign?: 'top' | 'middle' | 'bottom';
  wrap?: boolean;
  border?: { top?: string; right?: string; bottom?: string; left?: string };
}

export interface SheetLayout {
  name: string;
  hidden: boolean;
  /** Rows the file declares (its `dimension`); 0 when it declares none (the tail counts them). */
  declaredRows: number;
  /** Columns the grid shows. */
  columns: number;
  /** Pixels per column, for the first `columns` (0: hidden). */
  widths: number[];
  defaultHeight: number;
  frozen: { rows: number; columns: number };
}

export interface SheetBook {
  sheets: SheetLayout[];
  styles: CellStyle[];
  /** Absolute URL templates with `{sheet}` and `{from}`; `{sheet}`; search undefined when not allowed. */
  rowsUrl: string;
  tailUrl: string;
  searchUrl: string | undefined;
  blockRows: number;
  /** `{sheet}` templates of a sheet's comments (undefined when the policy shows none) and drawings. */
  commentsUrl?: string;
  drawingsUrl?: string;
}

export interface SheetCell {
  c: number;
  v: string;
  s: number;
  /** A number (or a date): right-aligned unless its style says otherwise. */
  n: boolean;
}

export interface SheetRow {
  r: number;
  /** Pixels, undefined for the sheet's default. */
  h: number | undefined;
  hidden: boolean;
  cells: SheetCell[];
}

export interface RowBlock {
  rows: SheetRow[];
  end: boolean;
}

/** A merged range, 0-based inclusive: top, left, bottom, right. */
export type MergedRange = readonly [number, number, number, number];

export interface SheetTail {
  rows: number;
  columns: number;
  merges: MergedRange[];
  /** http(s) links: row, column, URL. */
  links: (readonly [number, number, string])[];
}

/** A cell found by a search: sheet index, row, column. */
export type CellHit = readonly [number, number, number];

/**
 * A cell's comment: a note, or one comment of a thread (a thread's comments come in order, on
 * the same cell). Sent only when the policy shows comments (contracts §5b `showComment`).
 */
export interface SheetComment {
  r: number;
  c: number;
  author: string;
  text: string;
}

/** An object drawn over a sheet (docs/decisions/2026-12-07-sheet-comments-and-drawings.md). */
export interface SheetDrawing {
  kind: 'image' | 'chart' | 'shape';
  /** The cell its anchor starts at: row, column (0-based). */
  from: readonly [number, number];
  /** The cell it ends in (a two-cell anchor); else `size` says how large it is. */
  to?: readonly [number, number];
  /** Width and height in pixels (a one-cell or absolute anchor). */
  size?: readonly [number, number];
  /** A chart's title, else the object's description or name; '' when it has none. */
  label: string;
}

/** A sheet's marks as the viewer holds them: its comments and the objects drawn over it. */
export interface SheetMarks {
  comments: SheetComment[];
  drawings: SheetDrawing[];
}
