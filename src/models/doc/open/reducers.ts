/**
 * The doc model's reducers of the open document (docs/architecture.md, "The open document"): the
 * pages the page engine opens (a PDF for pdf.js, or a view-only document's page images), driven by
 * the `pages` effect (open/effects.ts), and what pdf.js reports on the way.
 */
import type { Action } from '../../../runtime';
import type { ByteRange } from '../../../domain/document';
import type { OpenFailure } from '../../../services/pdf/openFailure';
import { initialPagesFields } from '../state';
import type { DocState } from '../state';
import { clampPage } from '../reading/reducers';

/** Which pages to open, and how (the `openPages` action). */
export interface OpenPagesRequest {
  url: string;
  again?: boolean;
  /** The bytes page 1 needs, as the facility's answer names them (contracts §3). */
  firstPageRanges?: readonly ByteRange[];
}

export const openReducers = {
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
};
