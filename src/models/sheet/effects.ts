/**
 * The `sheet` model's effects (docs/decisions/2026-12-06-sheet-view.md): the rows near the
 * reader's place fetched a block at a time, each sheet's tail, the search over cells, and a
 * link's `#sheet=&cell=` made a jump.
 *
 * - `follow` (watcher): each document fetched resets the model for it.
 * - `need`: the grid names the rows it shows (and a margin); missing blocks are fetched, held ones
 *   marked recent (the reducer lets the least recent go).
 * - `loadTail`: a sheet's row count, merged ranges and links, once.
 * - `loadMarks`: a sheet's comments (when the policy shows them) and drawn objects, once.
 * - `search`: the facility's search over every shown sheet; the first hit is shown.
 * - `openLink`: a sheet by name and a cell by reference, from the link's hash.
 */
import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import type { SheetBook } from '../../domain/sheet';
import { parseCellRef } from '../../services/sheet/cellRef';
import {
  fetchCellHits,
  fetchRowBlock,
  fetchSheetMarks,
  fetchSheetTail,
} from '../../services/sheet/fetch';
import { docActions } from '../doc/actions';
import { selectDoc } from '../doc/selectors';
import { sheetActions as own } from './actions';
import { blockKey } from './state';
import type { SheetState } from './state';

const selectSheetState = (state: { sheet: SheetState }): SheetState => state.sheet;
const selectBook = (state: { doc: { docData: { sheet: SheetBook | undefined } } }) =>
  state.doc.docData.sheet;

function* follow(_action: Action, { take, put, select }: EffectCommands): EffectGenerator<never> {
  const { docId } = yield* select(selectDoc);
  if (docId !== undefined) yield* put(own.documentFetched(docId));
  for (;;) {
    const { payload: id } = yield* take(docActions.fetchStarted);
    yield* put(own.documentFetched(id));
  }
}

function* loadBlock(
  book: SheetBook,
  sheet: number,
  from: number,
  { call, put }: EffectCommands,
): EffectGenerator<void> {
  const key = blockKey(sheet, from);
  try {
    const block = yield* call(fetchRowBlock, book, sheet, from);
    yield* put(own.blockLoaded({ key, block }));
  } catch {
    yield* put(own.blockFailed(key));
  }
}

function* need(
  { payload }: Action<{ sheet: number; from: number; to: number }>,
  commands: EffectCommands,
): EffectGenerator<void> {
  const { select, put, fork } = commands;
  const book = yield* select(selectBook);
  if (book === undefined) return;
  const state = yield* select(selectSheetState);
  const size = book.blockRows;
  const first = Math.floor(Math.max(0, payload.from) / size) * size;
  for (let from = first; from <= payload.to; from += size) {
    const key = blockKey(payload.sheet, from);
    if (key in state.blocks) yield* put(own.blockTouched(key));
    else if (!state.loading.includes(key) && !state.failed.includes(key)) {
      yield* put(own.blockRequested(key));
      yield* fork(loadBlock, book, payload.sheet, from, commands);
    }
  }
}

function* loadTail(
  { payload: sheet }: Action<number>,
  { select, call, put }: EffectCommands,
): EffectGenerator<void> {
  const book = yield* select(selectBook);
  const state = yield* select(selectSheetState);
  if (book === undefined || sheet in state.tails) return;
  try {
    const tail = yield* call(fetchSheetTail, book, sheet);
    yield* put(own.tailLoaded({ sheet, tail }));
  } catch {
    // Without its tail a sheet shows its declared rows, unmerged: nothing to tell the reader.
  }
}

function* loadMarks(
  { payload: sheet }: Action<number>,
  { select, call, put }: EffectCommands,
): EffectGenerator<void> {
  const book = yield* select(selectBook);
  const state = yield* select(selectSheetState);
  if (book === undefined || sheet in state.marks) return;
  if (book.commentsUrl === undefined && book.drawingsUrl === undefined) return;
  try {
    const marks = yield* call(fetchSheetMarks, book, sheet);
    yield* put(own.marksLoaded({ sheet, marks }));
  } catch {
    // Without its marks a sheet shows its cells: the marks are an addition, not its content.
  }
}

function* search(
  { payload: query }: Action<string>,
  { select, call, put }: EffectCommands,
): EffectGenerator<void> {
  const book = yield* select(selectBook);
  if (book === undefined) return;
  if (query.trim() === '') {
    yield* put(own.searchCleared());
    return;
  }
  yield* put(own.searchStarted(query));
  try {
    const hits = yield* call(fetchCellHits, book, query.trim());
    yield* put(own.searchDone(hits));
    if (hits.length > 0) yield* put(own.showHit(0));
  } catch {
    yield* put(own.searchFailed());
  }
}

function* openLink(
  { payload }: Action<{ sheet: string | undefined; cell: string | undefined }>,
  { select, put }: EffectCommands,
): EffectGenerator<void> {
  const book = yield* select(selectBook);
  if (book === undefined) return;
  const state = yield* select(selectSheetState);
  const byName =
    payload.sheet === undefined
      ? -1
      : book.sheets.findIndex(
          (sheet) =>
            !sheet.hidden && sheet.name.toLowerCase() === payload.sheet?.trim().toLowerCase(),
        );
  const sheet = byName >= 0 ? byName : state.active;
  const cell = payload.cell === undefined ? undefined : parseCellRef(payload.cell);
  if (byName < 0 && cell === undefined) return;
  yield* put(own.goTo({ sheet, r: cell?.r ?? 0, c: cell?.c ?? 0 }));
}

export const sheetEffects = {
  follow: [follow, { type: 'watcher' }],
  need: [need, { type: 'takeEvery' }],
  loadTail: [loadTail, { type: 'takeEvery' }],
  loadMarks: [loadMarks, { type: 'takeEvery' }],
  search: [search, { type: 'takeLatest' }],
  openLink: [openLink, { type: 'takeEvery' }],
} as const;
