import { sheetReducers } from '../reducers';
import { MAX_BLOCKS, blockKey, initialSheetState } from '../state';
import type { SheetState } from '../state';

const block = { rows: [], end: false };
const act = <P>(payload: P) => ({ type: 'x', payload });

describe('the sheet model', () => {
  it('holds at most MAX_BLOCKS blocks, the least recently asked for let go first', () => {
    let state: SheetState = sheetReducers.documentFetched(initialSheetState, act('a.xlsx'));
    for (let i = 0; i < MAX_BLOCKS + 3; i += 1) {
      const key = blockKey(0, i * 200);
      state = sheetReducers.blockRequested(state, act(key));
      state = sheetReducers.blockLoaded(state, act({ key, block }));
      if (i === 1) state = sheetReducers.blockTouched(state, act(blockKey(0, 0)));
    }
    expect(state.held).toHaveLength(MAX_BLOCKS);
    expect(Object.keys(state.blocks)).toHaveLength(MAX_BLOCKS);
    expect(state.held).not.toContain(blockKey(0, 200));
    expect(state.loading).toEqual([]);
  });

  it('starts over for another document only', () => {
    const shown = sheetReducers.showSheet(
      sheetReducers.documentFetched(initialSheetState, act('a.xlsx')),
      act(2),
    );
    expect(sheetReducers.documentFetched(shown, act('a.xlsx'))).toBe(shown);
    expect(sheetReducers.documentFetched(shown, act('b.xlsx')).active).toBe(0);
  });

  it('shows a search hit: its sheet, its cell, a jump', () => {
    let state = sheetReducers.searchStarted(initialSheetState, act('x'));
    state = sheetReducers.searchDone(state, act([[1, 49_998, 11] as const]));
    state = sheetReducers.showHit(state, act(0));
    expect(state).toMatchObject({ active: 1, cell: { r: 49_998, c: 11 }, jump: 1 });
    expect(state.search).toMatchObject({ current: 0, status: 'done' });
    expect(sheetReducers.showHit(state, act(5))).toBe(state);
  });
});
