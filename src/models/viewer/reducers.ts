import type { Action } from '../../runtime';
import { initialViewerState } from './state';
import type { ReadOutline, ViewerState } from './state';

export const viewerReducers = {
  /** Internal (relay): the session built engine number `payload` on the page view. */
  attached: (state: ViewerState, { payload: engine }: Action<number>): ViewerState => ({
    ...initialViewerState,
    onePage: state.onePage,
    engine,
  }),
  /** Internal (relay): the engine on screen has gone. */
  detached: (state: ViewerState): ViewerState => ({
    ...initialViewerState,
    onePage: state.onePage,
  }),
  /** Internal (relay): pdf.js laid the pages out. */
  laidOut: (state: ViewerState): ViewerState =>
    state.laidOut ? state : { ...state, laidOut: true },
  /** Internal (relay): a page with a preview was drawn. */
  pageDrawn: (state: ViewerState, { payload: page }: Action<number>): ViewerState =>
    state.drawn.includes(page) ? state : { ...state, drawn: [...state.drawn, page] },
  /** Internal (relay): pages were sized, drawn or turned. */
  rendered: (state: ViewerState): ViewerState => ({ ...state, renders: state.renders + 1 }),
  /** Internal (readOutline): the PDF's outline, or that it could not be read. */
  outlineRead: (state: ViewerState, { payload }: Action<ReadOutline>): ViewerState =>
    payload.engine === state.engine ? { ...state, outline: payload } : state,
  /** The page view: one page at a time, or a column. */
  setOnePage: (state: ViewerState, { payload }: Action<boolean>): ViewerState =>
    state.onePage === payload ? state : { ...state, onePage: payload },
};
