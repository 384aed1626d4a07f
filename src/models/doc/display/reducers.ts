/**
 * The doc model's display switches (spec §4): fullscreen, the side panels, the mobile menu, the
 * display flags of `param` the host may set, and the refresh key.
 */
import type { Action } from '../../../runtime';
import type { DocParam } from '../../../domain/document';
import { randomKey } from '../state';
import type { DocState } from '../state';

function withParam<K extends keyof DocParam>(
  state: DocState,
  key: K,
  value: DocParam[K],
): DocState {
  return {
    ...state,
    docData: { ...state.docData, param: { ...state.docData.param, [key]: value } },
  };
}

/** The thumbnail and outline panels share one side area: at most one of them is open. */
function withThumbnail(state: DocState, open: boolean): DocState {
  return { ...state, showThumbnail: open, showOutline: open ? false : state.showOutline };
}

function withOutline(state: DocState, open: boolean): DocState {
  return { ...state, showOutline: open, showThumbnail: open ? false : state.showThumbnail };
}

export const displayReducers = {
  showFullscreen: (state: DocState): DocState => ({ ...state, showFullscreen: true }),
  cancelFullscreen: (state: DocState): DocState => ({ ...state, showFullscreen: false }),
  toggleFullscreen: (state: DocState): DocState => ({
    ...state,
    showFullscreen: !state.showFullscreen,
  }),
  /** spec §4; Folio: opening it closes the outline, which shares the side area. */
  toggleThumbnail: (state: DocState): DocState => withThumbnail(state, !state.showThumbnail),
  /** spec §4; Folio: opening it closes the outline, which shares the side area. */
  setThumbnail: (state: DocState, { payload }: Action<boolean>): DocState =>
    withThumbnail(state, payload),
  /** Folio: the outline panel; opening it closes the thumbnails (one side area). */
  toggleOutline: (state: DocState): DocState => withOutline(state, !state.showOutline),
  setOutline: (state: DocState, { payload }: Action<boolean>): DocState =>
    withOutline(state, payload),
  toggleMobileMenu: (state: DocState): DocState => ({
    ...state,
    showMobileMenu: !state.showMobileMenu,
  }),
  /** spec §4: the header, footer, page number, zoom display and mobile scale-disabled flags. */
  setShowHeader: (state: DocState, { payload }: Action<boolean>): DocState =>
    withParam(state, 'showHeader', payload),
  setShowFooter: (state: DocState, { payload }: Action<boolean>): DocState =>
    withParam(state, 'showFooter', payload),
  setShowNum: (state: DocState, { payload }: Action<boolean>): DocState =>
    withParam(state, 'showNum', payload),
  setShowZoom: (state: DocState, { payload }: Action<boolean>): DocState =>
    withParam(state, 'isShowZoom', payload),
  setMobScaleDisabled: (state: DocState, { payload }: Action<boolean>): DocState =>
    withParam(state, 'isMobScaleDisabled', payload),
  /** spec §4: a new random key (the one deliberate impurity: spec asks for randomness here). */
  refresh: (state: DocState): DocState => ({ ...state, key: randomKey() }),
};
