/**
 * The doc model's reading reducers (spec §4–5): the page, the zoom and the rotation, and the pages'
 * sizes as they lay out. Pure and immutable; the clamps here are the only ones (the fetch's `save`
 * and the open's page count re-clamp through them).
 */
import type { Action } from '../../../runtime';
import type { PageSize } from '../../../domain/document';
import type { DocState } from '../state';

/** spec §9 constants. */
export const ZOOM_STEP = 0.2;
export const ROTATE_STEP = 90;

/** Rounds to 2 decimals; the epsilon keeps 1.005 from becoming 1 through binary error. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** spec §5: zoom stays within [minZoomRatio, maxZoomRatio]. */
export function withZoom(state: DocState, zoom: number): DocState {
  if (!Number.isFinite(zoom)) return state;
  const { minZoomRatio, maxZoomRatio } = state.docData.param;
  return { ...state, zoom: clamp(round2(zoom), minZoomRatio, maxZoomRatio) };
}

/** spec §5: page stays within 1..pageCount (1 while the count is unknown). */
export function clampPage(page: number, pageCount: number): number {
  return clamp(Math.floor(page), 1, Math.max(1, pageCount));
}

export function withPage(state: DocState, page: number): DocState {
  return { ...state, currentPage: clampPage(page, state.docData.pageCount) };
}

/**
 * The page `setPage` goes to for what was typed or asked (spec §4–5): 0, '', null, undefined →
 * 1, past the end → the last page; NaN when it is not a number at all (the page stays).
 */
export function pageFor(value: number | string | null | undefined, pageCount: number): number {
  const page = pageValue(value);
  return Number.isNaN(page) ? page : clampPage(page, pageCount);
}

/** Decimal text only: `Number()` would also read '0x10', '1e3' and 'Infinity'. */
const DECIMAL = /^[+-]?\d+(\.\d*)?$/;

/** The page input's value as a number: 0, '', null, undefined → 1; NaN when not a number at all. */
function pageValue(value: number | string | null | undefined): number {
  if (value === null || value === undefined) return 1;
  const page = typeof value === 'string' ? pageText(value.trim()) : value;
  return page === 0 ? 1 : page;
}

function pageText(text: string): number {
  if (text === '') return 0;
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}

export interface PageSizePayload {
  /** 0-based page index. */
  index: number;
  size: PageSize;
}

export const readingReducers = {
  /** spec §4: an exact percentage, ÷ 100, rounded to 2 decimals, clamped. */
  zoomTo: (state: DocState, { payload }: Action<number>): DocState =>
    withZoom({ ...state, zoomChosen: true }, payload / 100),
  /** spec §4: 0.2 per unit added to the zoom, rounded to 2 decimals, clamped. */
  zoomBy: (state: DocState, { payload }: Action<number>): DocState =>
    withZoom({ ...state, zoomChosen: true }, state.zoom + ZOOM_STEP * payload),
  /**
   * Folio (phones): the zoom at which the page fills the width, as a ratio; rounded and clamped as
   * any zoom. Ignored once the reader has chosen a zoom, so a fit never undoes their choice.
   */
  fitWidth: (state: DocState, { payload }: Action<number>): DocState =>
    state.zoomChosen ? state : withZoom(state, payload),
  /** spec §4: 90° per unit; 0 resets; reaching ±360 resets to 0 (result kept in (-360, 360)). */
  rotateBy: (state: DocState, { payload }: Action<number>): DocState => {
    if (!Number.isFinite(payload)) return state;
    const units = Math.trunc(payload);
    // `+ 0` turns the -0 of `-360 % 360` into 0.
    const rotate = units === 0 ? 0 : ((state.rotate + ROTATE_STEP * units) % 360) + 0;
    return { ...state, rotate };
  },
  /** spec §4: stops at pageCount. */
  nextPage: (state: DocState): DocState => withPage(state, state.currentPage + 1),
  /** spec §4: stops at 1. */
  prevPage: (state: DocState): DocState => withPage(state, state.currentPage - 1),
  /**
   * spec §4: 0 or empty gives 1; clamped to 1..pageCount; fractions floored. Text that is not a
   * number (a half-typed page input) leaves the page where it is.
   */
  setPage: (state: DocState, { payload }: Action<number | string | null | undefined>): DocState => {
    const page = pageFor(payload, state.docData.pageCount);
    return Number.isNaN(page) ? state : { ...state, currentPage: page };
  },
  /** Fills currentPagesSize as pages lay out; a size that is not finite and positive is ignored. */
  setPageSize: (state: DocState, { payload }: Action<PageSizePayload>): DocState => {
    const { index, size } = payload;
    const valid = (n: number) => Number.isFinite(n) && n > 0;
    if (!Number.isInteger(index) || index < 0 || !valid(size.width) || !valid(size.height)) {
      return state;
    }
    const currentPagesSize = { ...state.currentPagesSize, [index]: { ...size } };
    return { ...state, currentPagesSize };
  },
  /** The real sizes of every page at once (pdf.js's viewports), replacing what was there. */
  setPagesSize: (state: DocState, { payload }: Action<readonly PageSize[]>): DocState => {
    const valid = (n: number) => Number.isFinite(n) && n > 0;
    const currentPagesSize: Record<number, PageSize> = {};
    payload.forEach((size, index) => {
      if (valid(size.width) && valid(size.height)) currentPagesSize[index] = { ...size };
    });
    return { ...state, currentPagesSize };
  },
};
