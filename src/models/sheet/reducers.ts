import type { Action } from '../../runtime';
import type { CellHit, RowBlock, SheetMarks, SheetTail } from '../../domain/sheet';
import { MAX_BLOCKS, initialSheetSearch, initialSheetState } from './state';
import type { SheetState } from './state';

/** A search's text is capped as the find bar's is. */
export const MAX_SHEET_QUERY = 256;

const without = (list: readonly string[], key: string) => list.filter((item) => item !== key);

export const sheetReducers = {
  /** Another document: everything starts over (the same one keeps its blocks). */
  documentFetched: (state: SheetState, { payload: id }: Action<string>): SheetState =>
    state.docId === id ? state : { ...initialSheetState, docId: id },
  /** A sheet's tab: its first cell is active. */
  showSheet: (state: SheetState, { payload: sheet }: Action<number>): SheetState =>
    sheet === state.active
      ? state
      : { ...state, active: sheet, cell: { r: 0, c: 0 }, jump: state.jump + 1, failed: [] },
  blockRequested: (state: SheetState, { payload: key }: Action<string>): SheetState => ({
    ...state,
    loading: [...without(state.loading, key), key],
    failed: without(state.failed, key),
  }),
  /** A block arrived: held, and the least recently asked for beyond MAX_BLOCKS let go. */
  blockLoaded: (
    state: SheetState,
    { payload: { key, block } }: Action<{ key: string; block: RowBlock }>,
  ): SheetState => {
    const held = [...without(state.held, key), key].slice(-MAX_BLOCKS);
    const blocks = Object.fromEntries(
      held.map((kept) => [kept, kept === key ? block : state.blocks[kept]]),
    );
    return {
      ...state,
      blocks,
      held,
      loading: without(state.loading, key),
    };
  },
  blockFailed: (state: SheetState, { payload: key }: Action<string>): SheetState => ({
    ...state,
    loading: without(state.loading, key),
    failed: [...without(state.failed, key), key],
  }),
  /** A held block asked for again: it is the most recent. */
  blockTouched: (state: SheetState, { payload: key }: Action<string>): SheetState =>
    state.held.at(-1) === key ? state : { ...state, held: [...without(state.held, key), key] },
  tailLoaded: (
    state: SheetState,
    { payload: { sheet, tail } }: Action<{ sheet: number; tail: SheetTail }>,
  ): SheetState => ({ ...state, tails: { ...state.tails, [sheet]: tail } }),
  marksLoaded: (
    state: SheetState,
    { payload: { sheet, marks } }: Action<{ sheet: number; marks: SheetMarks }>,
  ): SheetState => ({ ...state, marks: { ...state.marks, [sheet]: marks } }),
  /** The reader moved the active cell (a click, the arrows): no jump, the grid follows. */
  selectCell: (state: SheetState, { payload: cell }: Action<{ r: number; c: number }>) =>
    state.cell.r === cell.r && state.cell.c === cell.c ? state : { ...state, cell },
  /** A jump to a cell of a sheet (a link, a search hit, Ctrl+Home/End): the grid scrolls to it. */
  goTo: (
    state: SheetState,
    { payload: { sheet, r, c } }: Action<{ sheet: number; r: number; c: number }>,
  ): SheetState => ({ ...state, active: sheet, cell: { r, c }, jump: state.jump + 1 }),
  searchStarted: (state: SheetState, { payload: query }: Action<string>): SheetState => ({
    ...state,
    search: { ...initialSheetSearch, query: query.slice(0, MAX_SHEET_QUERY), status: 'searching' },
  }),
  searchDone: (state: SheetState, { payload: hits }: Action<CellHit[]>): SheetState => ({
    ...state,
    search: { ...state.search, hits, current: -1, status: 'done' },
  }),
  searchFailed: (state: SheetState): SheetState => ({
    ...state,
    search: { ...state.search, status: 'failed' },
  }),
  searchCleared: (state: SheetState): SheetState => ({ ...state, search: initialSheetSearch }),
  /** A hit shown: its sheet and cell become the place. */
  showHit: (state: SheetState, { payload: index }: Action<number>): SheetState => {
    const hit = state.search.hits.at(index);
    if (hit === undefined || index < 0) return state;
    const [sheet, r, c] = hit;
    return {
      ...state,
      active: sheet,
      cell: { r, c },
      jump: state.jump + 1,
      search: { ...state.search, current: index },
    };
  },
};
