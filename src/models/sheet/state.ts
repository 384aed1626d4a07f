/**
 * The `sheet` model's state (docs/decisions/2026-12-06-sheet-view.md): what the sheet view holds
 * of the workbook on screen — the blocks of rows near the reader's place (never the whole sheet),
 * each sheet's tail once read, the shown sheet, the active cell and the search over cells.
 */
import type { CellHit, RowBlock, SheetMarks, SheetTail } from '../../domain/sheet';

export interface SheetSearch {
  query: string;
  hits: CellHit[];
  /** Index in `hits` of the one shown, -1 for none. */
  current: number;
  status: 'idle' | 'searching' | 'done' | 'failed';
}

export interface SheetState {
  /** The document these are of. */
  docId: string | undefined;
  /** The sheet shown (an index of the book's sheets). */
  active: number;
  /** Blocks held, by blockKey; at most MAX_BLOCKS, the least recently asked for let go first. */
  blocks: Partial<Record<string, RowBlock>>;
  /** Keys of `blocks`, the most recently asked for last. */
  held: string[];
  /** Blocks asked for and not answered yet. */
  loading: string[];
  /** Blocks the facility could not give (shown as such; asked again when the sheet is reshown). */
  failed: string[];
  tails: Partial<Record<number, SheetTail>>;
  /** Each sheet's comments and drawn objects, once read (none when they could not be). */
  marks: Partial<Record<number, SheetMarks>>;
  /** The active cell, 0-based. */
  cell: { r: number; c: number };
  /** Bumped by each jump (a link, a search hit, Ctrl+Home), so the grid scrolls to the cell. */
  jump: number;
  search: SheetSearch;
}

/** Enough blocks for a few screens above and below the place, whatever the sheet's length. */
export const MAX_BLOCKS = 12;

export const blockKey = (sheet: number, from: number): string => `${String(sheet)}:${String(from)}`;

export const initialSheetSearch: SheetSearch = { query: '', hits: [], current: -1, status: 'idle' };

export const initialSheetState: SheetState = {
  docId: undefined,
  active: 0,
  blocks: {},
  held: [],
  loading: [],
  failed: [],
  tails: {},
  marks: {},
  cell: { r: 0, c: 0 },
  jump: 0,
  search: initialSheetSearch,
};
