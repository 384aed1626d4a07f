/**
 * One reducer per spec §4 transition, plus the internal ones the fetch effect drives. All pure
 * and immutable, except `refresh`, whose whole point (spec §4) is to make a new random key.
 */
import type { Action } from '../../runtime';
import type { OpenFailure } from '../../services/pdf/openFailure';
import { initialDocumentFields, initialPagesFields, randomKey } from './state';
import type { DocError, DocState } from './state';
import type { SavedDocument } from '../../services/facilityDocument';
import type {
  ByteRange,
  DocParam,
  PageSize,
  SignatureItem,
  WatermarkInfo,
} from '../../domain/document';

/** spec §9 constants. */
export const ZOOM_STEP = 0.2;
export const ROTATE_STEP = 90;

/** Rounds to 2 decimals; the epsilon keeps 1.005 from becoming 1 through binary error. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** spec §5: zoom stays within [minZoomRatio, maxZoomRatio]. */
function withZoom(state: DocState, zoom: number): DocState {
  if (!Number.isFinite(zoom)) return state;
  const { minZoomRatio, maxZoomRatio } = state.docData.param;
  return { ...state, zoom: clamp(round2(zoom), minZoomRatio, maxZoomRatio) };
}

/** spec §5: page stays within 1..pageCount (1 while the count is unknown). */
function clampPage(page: number, pageCount: number): number {
  return clamp(Math.floor(page), 1, Math.max(1, pageCount));
}

function withPage(state: DocState, page: number): DocState {
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

/** Which pages to open, and how (the `openPages` action). */
export interface OpenPagesRequest {
  url: string;
  again?: boolean;
  /** The bytes page 1 needs, as the facility's answer names them (contracts §3). */
  firstPageRanges?: readonly ByteRange[];
}

export interface PageSizePayload {
  /** 0-based page index. */
  index: number;
  size: PageSize;
}

export interface ProgressPayload {
  loadedCount: number;
  pageCount: number;
}

/** A signature's new box, in PDF points (see SignatureItem). */
export interface SignatureMove {
  index: number;
  box: Pick<SignatureItem, 'x' | 'y' | 'width' | 'height'>;
}

export const docReducers = {
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
  /** Folio: pdf.js's page count, authoritative once the PDF is open (the facility's may differ). */
  setPageCount: (state: DocState, { payload }: Action<number>): DocState => {
    if (!Number.isSafeInteger(payload) || payload < 0) return state;
    const docData = { ...state.docData, pageCount: payload, loadedCount: payload };
    const currentPage = clampPage(state.currentPage, payload);
    return { ...state, docData, currentPage, pagesOpened: true, pdfFailure: undefined };
  },
  /** pdf.js drew its first page of the document (true), or the page view went away (false). */
  pageShown: (state: DocState, { payload }: Action<boolean>): DocState =>
    state.pageShown === payload ? state : { ...state, pageShown: payload },

  /**
   * Folio: open the pages at `url` (the `pages` effect): the PDF, or a view-only document's page
   * images; `again` for the reader's Retry. The same URL without `again` keeps the open under way.
   */
  openPages: (state: DocState, { payload }: Action<OpenPagesRequest>): DocState =>
    payload.url === state.pagesUrl && payload.again !== true
      ? state
      : { ...state, ...initialPagesFields(), pagesUrl: payload.url },
  /** Folio: no pages to open (the document is converting, failed, or is read in another view). */
  closePages: (state: DocState): DocState =>
    state.pagesUrl === undefined ? state : { ...state, ...initialPagesFields() },
  /** Internal (pages): the open starts afresh. */
  pagesStarted: (state: DocState): DocState => ({
    ...state,
    ...initialPagesFields(),
    pagesUrl: state.pagesUrl,
  }),
  /** Internal (pages): bytes received so far, and of how many. */
  pdfProgressed: (
    state: DocState,
    { payload }: Action<{ loaded: number; total: number }>,
  ): DocState => ({
    ...state,
    pdfProgress: payload,
  }),
  /** Internal (pages): pdf.js asks for the password (again, when the last one was wrong). */
  pdfPasswordAsked: (state: DocState, { payload }: Action<'needed' | 'incorrect'>): DocState => ({
    ...state,
    pdfPassword: payload,
  }),
  /**
   * The reader answered the password dialog: a password, or null to cancel. The `pages` effect
   * hands it to pdf.js; the store keeps only that no question is open (never the password).
   */
  // The payload types the creator; the reducer must not read it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  answerPassword: (state: DocState, _answer: Action<string | null>): DocState => ({
    ...state,
    pdfPassword: undefined,
  }),
  /** Internal (pages): the document is open, in the document session. */
  pagesReady: (state: DocState): DocState => ({
    ...state,
    pagesReady: true,
    pdfPassword: undefined,
  }),
  /** Internal (pages): pdf.js could not open the PDF (shown by the page area). */
  pdfFailed: (state: DocState, { payload }: Action<OpenFailure>): DocState => ({
    ...state,
    pdfFailure: payload,
    pdfPassword: undefined,
  }),

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

  toggleSignState: (state: DocState): DocState => ({ ...state, signState: !state.signState }),
  /** Folio (host command): opens the pad, as a dialog or, on phones (payload true), full screen. */
  openSignPad: (state: DocState, { payload: narrow }: Action<boolean>): DocState =>
    narrow ? { ...state, mobileSignState: true } : { ...state, signState: true },
  toggleMobileSignState: (state: DocState): DocState => ({
    ...state,
    mobileSignState: !state.mobileSignState,
  }),
  setSigned: (state: DocState, { payload }: Action<boolean>): DocState => ({
    ...state,
    isSigned: payload,
  }),
  setMobSigned: (state: DocState, { payload }: Action<boolean>): DocState => ({
    ...state,
    isMobSigned: payload,
  }),

  /** spec §4: inserted at index `canvasNum`, clamped to 0..length. */
  insertSignature: (state: DocState, { payload }: Action<SignatureItem>): DocState => {
    const list = state.signDataArr;
    const at = Number.isFinite(payload.canvasNum)
      ? clamp(Math.floor(payload.canvasNum), 0, list.length)
      : list.length;
    return { ...state, signDataArr: [...list.slice(0, at), payload, ...list.slice(at)] };
  },
  /** spec §4: removed by index; an index with no item changes nothing. */
  removeSignature: (state: DocState, { payload }: Action<number>): DocState => {
    if (!Number.isInteger(payload) || payload < 0 || payload >= state.signDataArr.length) {
      return state;
    }
    return { ...state, signDataArr: state.signDataArr.filter((_, i) => i !== payload) };
  },
  clearSignatures: (state: DocState): DocState => ({ ...state, signDataArr: [] }),
  /** Folio: a placed signature moved or resized; an index with no item changes nothing. */
  moveSignature: (state: DocState, { payload }: Action<SignatureMove>): DocState => {
    const { index, box } = payload;
    const item = state.signDataArr[index] as SignatureItem | undefined;
    const valid = [box.x, box.y, box.width, box.height].every(Number.isFinite);
    if (!item || !valid || box.width <= 0 || box.height <= 0) return state;
    const signDataArr = state.signDataArr.map((it, i) => (i === index ? { ...it, ...box } : it));
    return { ...state, signDataArr };
  },
  /** Folio: the document's signatures as they were kept (behaviour.md, "Signatures": restored after a reload). */
  restoreSignatures: (
    state: DocState,
    { payload }: Action<readonly SignatureItem[]>,
  ): DocState => ({
    ...state,
    signDataArr: [...payload],
  }),

  /** spec §4: merged into the existing watermarkInfo. */
  mergeWatermark: (state: DocState, { payload }: Action<Partial<WatermarkInfo>>): DocState => ({
    ...state,
    docData: { ...state.docData, watermarkInfo: { ...state.docData.watermarkInfo, ...payload } },
  }),

  /** spec §4: a new random key (the one deliberate impurity: spec asks for randomness here). */
  refresh: (state: DocState): DocState => ({ ...state, key: randomKey() }),

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

  /**
   * Internal (fetch): a fetch began. Another document starts its per-document fields over; the
   * same one (a retry) keeps the reader's page, zoom and signatures.
   */
  fetchStarted: (state: DocState, { payload }: Action<string>): DocState => ({
    ...state,
    ...(payload === state.docId ? {} : initialDocumentFields),
    docId: payload,
    status: 'loading',
    error: undefined,
  }),
  /** Internal (fetch): the facility is still converting; shows its progress. */
  converting: (state: DocState, { payload }: Action<ProgressPayload>): DocState => ({
    ...state,
    status: 'converting',
    docData: { ...state.docData, ...payload },
  }),
  /**
   * Internal (fetch): the document is ready, stored whole as docData (spec §7) with its mimeType
   * beside it (spec §3). Zoom and page are re-clamped, since the new param and page count may
   * exclude the values kept from before.
   */
  save: (state: DocState, { payload }: Action<SavedDocument>): DocState => {
    const saved: DocState = {
      ...state,
      docData: payload.docData,
      mimeType: payload.mimeType,
      status: 'ready',
      error: undefined,
    };
    return withPage(withZoom(saved, saved.zoom), saved.currentPage);
  },
  /** Internal (fetch): the fetch failed; the document shown so far (if any) is kept. */
  failed: (state: DocState, { payload }: Action<DocError>): DocState => ({
    ...state,
    status: 'error',
    error: payload,
  }),
};
