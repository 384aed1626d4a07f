/**
 * The `doc` model's state: every field of spec §3 with its initial value, plus the few fields a
 * real viewer needs and spec leaves open (marked "Folio:" below). Pure data, no runtime imports,
 * so services can share these types.
 */

import type { OpenFailure } from '../../services/pdf/openDocument';

/** spec §3 "param defaults": the facility's display and policy switches (meanings: contracts §5b). */
export interface DocParam {
  maxZoomRatio: number;
  minZoomRatio: number;
  applicationType: number;
  select: boolean;
  showHeaderBar: boolean;
  showBrowser: boolean;
  showRotate: boolean;
  showLeftAnimation: boolean;
  showFooter: boolean;
  showHeader: boolean;
  download: boolean;
  showSearch: boolean;
  showFileName: boolean;
  isFcsDownload: boolean;
  isShowBall: boolean;
  showComment: boolean;
  gridLine: boolean;
  antiCopy: boolean;
  fullScreen: boolean;
  showList: boolean;
  showNum: boolean;
  htmlName: string;
  print: boolean;
  showThumb: boolean;
  showAnimation: boolean;
  showSignature: boolean;
  isShowZoom: boolean;
  isVertical: boolean;
  isMobScaleDisabled: boolean;
}

/** spec §3, in the spec's order. Frozen: it is shared by every state that has not overridden it. */
export const PARAM_DEFAULTS: Readonly<DocParam> = Object.freeze({
  maxZoomRatio: 2,
  minZoomRatio: 0.2,
  applicationType: 0,
  select: false,
  showHeaderBar: true,
  showBrowser: true,
  showRotate: true,
  showLeftAnimation: true,
  showFooter: false,
  showHeader: false,
  download: true,
  showSearch: false,
  showFileName: true,
  isFcsDownload: true,
  isShowBall: true,
  showComment: true,
  gridLine: false,
  antiCopy: true,
  fullScreen: false,
  showList: false,
  showNum: true,
  htmlName: '',
  print: true,
  showThumb: false,
  showAnimation: false,
  showSignature: false,
  isShowZoom: false,
  isVertical: false,
  isMobScaleDisabled: false,
});

/** A page's size in PDF points (1/72 inch). */
export interface PageSize {
  width: number;
  height: number;
}

/** One entry of the document outline (contracts §3). */
export interface OutlineItem {
  title: string;
  /** 1-based page; null when the entry points nowhere inside the document. */
  page: number | null;
  children: OutlineItem[];
}

/** The tiled watermark (contracts §3); every field optional, and no text means no watermark. */
export interface WatermarkInfo {
  text?: string;
  /** CSS pixels. */
  fontSize?: number;
  /** A CSS colour. */
  color?: string;
  /** Degrees. */
  rotate?: number;
  /** Horizontal and vertical distance between tiles, CSS pixels. */
  gap?: readonly [number, number];
}

/** A signature the reader placed on a page. */
export interface SignatureItem {
  /** 0-based index of the page's canvas the signature belongs to; also its insert position. */
  canvasNum: number;
  /**
   * The box on the page in PDF points, in the page's own user space (origin bottom-left, y up,
   * the CropBox's origin included): `x`, `y` its lower-left corner. The image is upright on the
   * page as its /Rotate shows it, and turns with the page when the reader rotates the view.
   */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The drawn signature as a data URL (`data:image/png;base64,…`). */
  image: string;
}

/** spec §3 docData. */
export interface DocData {
  title: string;
  watermarkInfo: WatermarkInfo;
  /** One entry per page, in page order. */
  pageSize: PageSize[];
  pageCount: number;
  /** Pages the facility has converted so far; equal to pageCount when complete. */
  loadedCount: number;
  docOutline: OutlineItem[];
  param: DocParam;
}

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
    | 'tokenMissing'
    | 'tokenInvalid'
    | 'tokenExpired'
    | 'tokenOtherDocument';
  /** The HTTP status, for every error that came as an HTTP answer. */
  status?: number;
  /** The facility's own words on a failed conversion, sanitised text. */
  reason?: string;
}

/**
 * Folio: why the last download failed, until the reader has been told (issue 5). A status for an
 * HTTP answer outside 2xx; none when no answer came.
 */
export interface DownloadFailure {
  status?: number;
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
  /** Folio: the keyboard shortcuts help (`?`) is open. */
  showShortcuts: boolean;
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
  mimeType: string;
  docData: DocData;
  /** Folio: the facility id being shown (the URL's `doc`), undefined before the first fetch. */
  docId: string | undefined;
  /** Folio: the fetch's progress; 'converting' while the facility's loadedCount < pageCount. */
  status: DocStatus;
  /** Folio: set with status 'error' only. */
  error: DocError | undefined;
  /** Folio: absolute URL of the viewable PDF (the facility's fileUrl, resolved against previewApi). */
  fileUrl: string | undefined;
  /**
   * Folio: where the facility serves the PDF unless its answer names another place (contracts §3),
   * known as the fetch starts: pdf.js may start on it while the answer is on its way (earlyOpen.ts).
   */
  expectedFileUrl: string | undefined;
  /** Folio: absolute URL of the original file (`documents/{id}/original`), for isFcsDownload. */
  originalUrl: string | undefined;
  /** Folio: set when a download failed and the reader has not been told yet. */
  downloadFailure: DownloadFailure | undefined;
  /** Folio: pdf.js has opened the PDF (its page count is the document's). */
  pdfOpened: boolean;
  /** Folio: why pdf.js could not open the PDF, while the reader sees that failure. */
  pdfFailure: OpenFailure | undefined;
}

/** 128 random bits as hex; crypto where there is one (every browser, Node ≥ 19, jsdom). */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const initialDocData: DocData = {
  title: '',
  watermarkInfo: {},
  pageSize: [],
  pageCount: 0,
  loadedCount: 0,
  docOutline: [],
  param: PARAM_DEFAULTS,
};

/** The fields that belong to one document; a fetch of another id starts them over. */
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
  fileUrl: undefined,
  expectedFileUrl: undefined,
  originalUrl: undefined,
  downloadFailure: undefined,
  pdfOpened: false,
  pdfFailure: undefined,
} satisfies Partial<DocState>;

export const initialDocState: DocState = {
  showMobileMenu: false,
  showThumbnail: false,
  showOutline: false,
  showFullscreen: false,
  showShortcuts: false,
  mobileSignState: false,
  signState: false,
  ...initialDocumentFields,
  key: randomKey(),
  docId: undefined,
  status: 'idle',
  error: undefined,
};
