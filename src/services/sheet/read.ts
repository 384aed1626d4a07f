/**
 * Reads the facility's `sheet` field, a block of rows and a sheet's tail (contracts §3 "Views
 * beyond pages"; docs/decisions/2026-12-06-sheet-view.md). Nothing is trusted: names and cell
 * texts are text with their invisible and bidi controls taken out, numbers are checked and
 * capped, colours must be `#rrggbb`, links must be http(s), URLs must be http(s) templates.
 */
import type {
  CellHit,
  CellStyle,
  RowBlock,
  SheetBook,
  SheetCell,
  SheetComment,
  SheetDrawing,
  SheetLayout,
  SheetRow,
  SheetTail,
} from '../../domain/sheet';
import { sanitizeText, stripInvisible } from '../sanitizeText';

export const SHEET_READ_LIMITS = {
  sheets: 1000,
  styles: 65_536,
  columns: 16_384,
  rows: 1_048_576,
  /** Pixels of a column or a row. */
  side: 4000,
  cellText: 32_767,
  name: 64,
  merges: 100_000,
  links: 100_000,
  blockRows: 1000,
  /** A sheet's comments and drawn objects (the facility's own caps: xlsx-comments.ts). */
  comments: 10_000,
  commentText: 4000,
  author: 64,
  drawings: 10_000,
  label: 256,
  /** Pixels of a drawn object's side. */
  drawingSide: 100_000,
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function whole(value: unknown, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max
    ? value
    : undefined;
}

const color = (value: unknown): string | undefined =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : undefined;

const ALIGNS = ['left', 'center', 'right', 'justify'] as const;
const VALIGNS = ['top', 'middle', 'bottom'] as const;

function readStyle(raw: unknown): CellStyle {
  if (!isRecord(raw)) return {};
  const style: CellStyle = {};
  if (raw.bold === true) style.bold = true;
  if (raw.italic === true) style.italic = true;
  if (raw.underline === true) style.underline = true;
  if (raw.strike === true) style.strike = true;
  if (raw.wrap === true) style.wrap = true;
  const text = color(raw.color);
  if (text) style.color = text;
  const fill = color(raw.fill);
  if (fill) style.fill = fill;
  if (typeof raw.size === 'number' && raw.size >= 1 && raw.size <= 409) style.size = raw.size;
  // A font family name: letters, digits, spaces and a few marks, never CSS of its own.
  if (typeof raw.font === 'string' && /^[\p{L}\p{N} ._-]{1,64}$/u.test(raw.font)) {
    style.font = raw.font;
  }
  const align = ALIGNS.find((value) => value === raw.align);
  if (align) style.align = align;
  const valign = VALIGNS.find((value) => value === raw.valign);
  if (valign) style.valign = valign;
  if (isRecord(raw.border)) {
    const border: NonNullable<CellStyle['border']> = {};
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const sideColor = color(raw.border[side]);
      if (sideColor) border[side] = sideColor;
    }
    if (Object.keys(border).length > 0) style.border = border;
  }
  return style;
}

function readLayout(raw: unknown, index: number): SheetLayout {
  const given = isRecord(raw) ? raw : {};
  const columns = Math.max(1, whole(given.columns, SHEET_READ_LIMITS.columns) ?? 1);
  const widths: unknown[] = Array.isArray(given.widths) ? given.widths : [];
  const frozen = isRecord(given.frozen) ? given.frozen : {};
  const name = sanitizeText(given.name, SHEET_READ_LIMITS.name);
  return {
    name: name === '' ? `Sheet${String(index + 1)}` : name,
    hidden: given.hidden === true,
    declaredRows: whole(given.declaredRows, SHEET_READ_LIMITS.rows) ?? 0,
    columns,
    widths: Array.from(
      { length: columns },
      (_, c) => whole(widths[c], SHEET_READ_LIMITS.side) ?? 64,
    ),
    defaultHeight: Math.max(1, whole(given.defaultHeight, SHEET_READ_LIMITS.side) ?? 20),
    frozen: {
      rows: whole(frozen.rows, 1000) ?? 0,
      columns: Math.min(whole(frozen.columns, 1000) ?? 0, columns),
    },
  };
}

const optionalUrl = (key: 'commentsUrl' | 'drawingsUrl', url: string | undefined) =>
  url === undefined ? {} : { [key]: url };

/**
 * The answer's `sheet` when its view is `sheet`; `template` resolves a URL template against
 * previewApi (http(s) only, its placeholders kept), undefined when unusable. A sheet field
 * without usable rows URLs reads as undefined: the view then tells the reader it cannot show it.
 */
export function readSheetBook(
  raw: unknown,
  template: (raw: unknown, placeholders: readonly string[]) => string | undefined,
): SheetBook | undefined {
  if (!isRecord(raw)) return undefined;
  const rowsUrl = template(raw.rows, ['sheet', 'from']);
  const tailUrl = template(raw.tail, ['sheet']);
  if (rowsUrl === undefined || tailUrl === undefined) return undefined;
  const sheets: unknown[] = Array.isArray(raw.sheets) ? raw.sheets : [];
  const styles: unknown[] = Array.isArray(raw.styles) ? raw.styles : [];
  const layouts = sheets.slice(0, SHEET_READ_LIMITS.sheets).map(readLayout);
  if (layouts.length === 0) return undefined;
  return {
    sheets: layouts,
    styles: styles.slice(0, SHEET_READ_LIMITS.styles).map(readStyle),
    rowsUrl,
    tailUrl,
    searchUrl: raw.search === undefined ? undefined : template(raw.search, []),
    blockRows: Math.max(1, whole(raw.blockRows, SHEET_READ_LIMITS.blockRows) ?? 200),
    ...optionalUrl(
      'commentsUrl',
      raw.comments === undefined ? undefined : template(raw.comments, ['sheet']),
    ),
    ...optionalUrl(
      'drawingsUrl',
      raw.drawings === undefined ? undefined : template(raw.drawings, ['sheet']),
    ),
  };
}

/** A cell's text as a reader may see it: lines kept, other controls and bidi overrides out. */
function cellText(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw
    .slice(0, SHEET_READ_LIMITS.cellText)
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => stripInvisible(line))
    .join('\n');
}

function readCell(raw: unknown, styles: number): SheetCell | undefined {
  if (!isRecord(raw)) return undefined;
  const c = whole(raw.c, SHEET_READ_LIMITS.columns - 1);
  if (c === undefined) return undefined;
  const s = whole(raw.s, styles - 1) ?? 0;
  return { c, v: cellText(raw.v), s, n: raw.n === true };
}

function readRow(raw: unknown, styles: number): SheetRow | undefined {
  if (!isRecord(raw)) return undefined;
  const r = whole(raw.r, SHEET_READ_LIMITS.rows - 1);
  if (r === undefined) return undefined;
  const cells: unknown[] = Array.isArray(raw.cells) ? raw.cells : [];
  return {
    r,
    h: whole(raw.h, SHEET_READ_LIMITS.side),
    hidden: raw.hidden === true,
    cells: cells
      .slice(0, SHEET_READ_LIMITS.columns)
      .map((cell) => readCell(cell, Math.max(1, styles)))
      .filter((cell): cell is SheetCell => cell !== undefined),
  };
}

/** A block of rows (`styles`: how many styles the book has, so a cell never names another). */
export function readRowBlock(raw: unknown, styles: number, blockRows: number): RowBlock {
  const given = isRecord(raw) ? raw : {};
  const rows: unknown[] = Array.isArray(given.rows) ? given.rows : [];
  return {
    rows: rows
      .slice(0, blockRows)
      .map((row) => readRow(row, styles))
      .filter((row): row is SheetRow => row !== undefined),
    end: given.end === true,
  };
}

const isHttp = (url: string): boolean => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

export function readSheetTail(raw: unknown): SheetTail {
  const given = isRecord(raw) ? raw : {};
  const merges: unknown[] = Array.isArray(given.merges) ? given.merges : [];
  const links: unknown[] = Array.isArray(given.links) ? given.links : [];
  return {
    rows: whole(given.rows, SHEET_READ_LIMITS.rows) ?? 0,
    columns: whole(given.columns, SHEET_READ_LIMITS.columns) ?? 0,
    merges: merges
      .slice(0, SHEET_READ_LIMITS.merges)
      .filter(
        (m): m is [number, number, number, number] =>
          Array.isArray(m) &&
          m.length === 4 &&
          m.every((n) => whole(n, SHEET_READ_LIMITS.rows) !== undefined) &&
          (m[0] as number) <= (m[2] as number) &&
          (m[1] as number) <= (m[3] as number),
      ),
    links: links
      .slice(0, SHEET_READ_LIMITS.links)
      .filter(
        (l): l is [number, number, string] =>
          Array.isArray(l) &&
          whole(l[0], SHEET_READ_LIMITS.rows) !== undefined &&
          whole(l[1], SHEET_READ_LIMITS.columns) !== undefined &&
          typeof l[2] === 'string' &&
          l[2].length <= 2048 &&
          isHttp(l[2]),
      ),
  };
}

/** A search's hits, each naming a sheet of the book. */
export function readHits(raw: unknown, sheets: number): CellHit[] {
  const given = isRecord(raw) ? raw : {};
  const hits: unknown[] = Array.isArray(given.hits) ? given.hits : [];
  return hits
    .slice(0, 1000)
    .filter(
      (h): h is [number, number, number] =>
        Array.isArray(h) &&
        whole(h[0], sheets - 1) !== undefined &&
        whole(h[1], SHEET_READ_LIMITS.rows - 1) !== undefined &&
        whole(h[2], SHEET_READ_LIMITS.columns - 1) !== undefined,
    );
}

/** A sheet's comments: each on a cell, its author and text as text (lines kept). */
export function readSheetComments(raw: unknown): SheetComment[] {
  const given = isRecord(raw) ? raw : {};
  const list: unknown[] = Array.isArray(given.comments) ? given.comments : [];
  return list.slice(0, SHEET_READ_LIMITS.comments).flatMap((item) => {
    if (!isRecord(item)) return [];
    const r = whole(item.r, SHEET_READ_LIMITS.rows - 1);
    const c = whole(item.c, SHEET_READ_LIMITS.columns - 1);
    if (r === undefined || c === undefined) return [];
    const text = cellText(item.text).slice(0, SHEET_READ_LIMITS.commentText);
    return [{ r, c, author: sanitizeText(item.author, SHEET_READ_LIMITS.author), text }];
  });
}

const DRAWING_KINDS = ['image', 'chart', 'shape'] as const;

/** A pair of whole numbers each at most `max` (a cell, or a size). */
function pair(raw: unknown, max: readonly [number, number]): [number, number] | undefined {
  if (!Array.isArray(raw) || raw.length !== 2) return undefined;
  const a = whole(raw[0], max[0]);
  const b = whole(raw[1], max[1]);
  return a === undefined || b === undefined ? undefined : [a, b];
}

/** A sheet's drawn objects: their kind, anchor (cells, or a cell and a size) and label. */
export function readSheetDrawings(raw: unknown): SheetDrawing[] {
  const given = isRecord(raw) ? raw : {};
  const list: unknown[] = Array.isArray(given.drawings) ? given.drawings : [];
  const cell = [SHEET_READ_LIMITS.rows - 1, SHEET_READ_LIMITS.columns - 1] as const;
  const side = [SHEET_READ_LIMITS.drawingSide, SHEET_READ_LIMITS.drawingSide] as const;
  return list.slice(0, SHEET_READ_LIMITS.drawings).flatMap((item): SheetDrawing[] => {
    if (!isRecord(item)) return [];
    const kind = DRAWING_KINDS.find((value) => value === item.kind);
    const from = pair(item.from, cell);
    if (kind === undefined || from === undefined) return [];
    const to = pair(item.to, cell);
    const size = pair(item.size, side);
    const label = sanitizeText(item.label, SHEET_READ_LIMITS.label);
    if (to !== undefined && to[0] >= from[0] && to[1] >= from[1]) {
      return [{ kind, from, to, label }];
    }
    return [{ kind, from, size: size ?? [0, 0], label }];
  });
}
