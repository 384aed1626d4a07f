/**
 * The `doc` model's state: every field of spec §3 with its initial value, plus the few fields
 * about the open document that a real viewer needs and spec leaves open (marked "Folio:" below).
 * State about something else (a download, the page images, the shortcuts help) is its own model's
 * (docs/decisions/2026-11-29-doc-state-by-concern.md). The document's own types are in
 * src/domain/, below services and models; `docData` is the facility's answer as
 * `services/facilityDocument.ts` reads it, stored whole
 * (docs/decisions/2026-11-29-facility-field-one-place.md).
 */
import { initialDocData } from '../../services/facilityDocument';
import type { DocData } from '../../services/facilityDocument';
import type { PageSize, SignatureItem } from '../../domain/document';
import type { OpenFailure } from '../../services/pdf/openFailure';

/** Folio: where the document fetch stands. */
export type DocStatus = 'idle' | 'loading' | 'converting' | 'ready' | 'error';

/**
 * Folio: why the fetch failed, as a kind the UI can translate. Never free text from the server,
 * which could be anything, in any language, or hostile.
 */
export interface DocError {
  kind:
    | 'notFound'
    | 'facility'
    | 'timeout'
    | 'malformed'
    | 'network'
    | 'conversionFailed'
    | 'converterMissing'
    | 'sourceRefused'
    | 'sourceTimeout'
    | 'sourceUnavailable'
    | 'tokenMissing'
    | 'tokenInvalid'
    | 'tokenExpired'
    | 'tokenOtherDocument'
    | 'passwordRequired'
    | 'passwordIncorrect';
  /** The HTTP status, for every error that came as an HTTP answer. */
  status?: number;
  /** The facility's own words on a failed conversion, sanitised text. */
  reason?: string;
}

export interface DocState {
  showMobileMenu: boolean;
  showThumbnail: boolean;
  /**
   * Folio: the outline panel is open. It shares the side area with the thumbnail panel, so at
   * most one of the two is open: opening either closes the other.
   */
  showOutline: boolean;
  showFullscreen: boolean;
  mobileSignState: boolean;
  signState: boolean;
  /** Degrees, a multiple of 90 in (-360, 360). */
  rotate: number;
  /** 1-based. */
  currentPage: number;
  /** Rendered size per 0-based page index (pdf.js's `pageIndex`), filled as pages lay out. */
  currentPagesSize: Record<number, PageSize>;
  /** 1 = 100 %. */
  zoom: number;
  /**
   * Folio: the reader (or the URL's `#zoom`) chose a zoom. Until then a narrow screen fits the
   * page to its width (docs/decisions/2026-11-24-phones-open-fitted.md); desktop keeps zoom 1.
   */
  zoomChosen: boolean;
  /** Random refresh token: components keyed on it remount when `refresh` runs. */
  key: string;
  isSigned: boolean;
  isMobSigned: boolean;
  signDataArr: SignatureItem[];
  /** spec §3 lists it beside docData: the answer's `mimeType`, kept here only (`save`). */
  mimeType: string;
  /** spec §3/§7: the facility's answer, read and checked (its URLs, previews, view-only pages too). */
  docData: DocData;
  /** Folio: the facility id being shown (the URL's `doc`), undefined before the first fetch. */
  docId: string | undefined;
  /** Folio: the fetch's progress; 'converting' while the facility's loadedCount < pageCount. */
  status: DocStatus;
  /** Folio: set with status 'error' only. */
  error: DocError | undefined;
  /**
   * Folio: the pages the page engine is opening or has open (the `pages` effect;
   * docs/architecture.md, "The open document"): the PDF for pdf.js, or a view-only document's page
   * images; undefined when none.
   */
  pagesUrl: string | undefined;
  /** Folio: bytes of the PDF received so far, and of how many (0 while unknown). */
  pdfProgress: { loaded: number; total: number };
  /**
   * Folio: pdf.js asks for the PDF's password, and why. Only this flag is state: the password
   * itself goes from the dialog to the `pages` effect and on to pdf.js, never into the store.
   */
  pdfPassword: 'needed' | 'incorrect' | undefined;
  /** Folio: the page engine has the document (in the document session), ready for the page view. */
  pagesReady: boolean;
  /** Folio: the page engine has laid the pages out (its page count is the document's). */
  pagesOpened: boolean;
  /** Folio: why pdf.js could not open the PDF, while the reader sees that failure. */
  pdfFailure: OpenFailure | undefined;
  /** Folio: pdf.js has drawn a page of this document (or its error tile): the reader sees one. */
  pageShown: boolean;
}

/** 128 random bits as hex; crypto where there is one (every browser, Node ≥ 19, jsdom). */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where an open of the pages starts from. */
export function initialPagesFields() {
  return {
    pagesUrl: undefined,
    pdfProgress: { loaded: 0, total: 0 },
    pdfPassword: undefined,
    pagesReady: false,
    pdfFailure: undefined,
  } satisfies Partial<DocState>;
}

/**
 * The fields that belong to one document; a fetch of another id starts them over (and so do the
 * models holding a document's state outside this one: models/shared/newDocument.ts).
 */
export const initialDocumentFields = {
  rotate: 0,
  currentPage: 1,
  currentPagesSize: {},
  zoom: 1,
  zoomChosen: false,
  isSigned: false,
  isMobSigned: false,
  signDataArr: [],
  mimeType: '',
  docData: initialDocData,
  ...initialPagesFields(),
  pagesOpened: false,
  pageShown: false,
} satisfies Partial<DocState>;

export const initialDocState: DocState = {
  showMobileMenu: false,
  showThumbnail: false,
  showOutline: false,
  showFullscreen: false,
  mobileSignState: false,
  signState: false,
  ...initialDocumentFields,
  key: randomKey(),
  docId: undefined,
  status: 'idle',
  error: undefined,
};
