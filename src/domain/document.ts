/**
 * The document's own types (spec §3, contracts §3): pure data and types, imported by services,
 * models and components alike, and importing nothing of the app. The document as the facility's
 * answer gives it (spec §3 docData) is declared where it is read, `services/facilityDocument.ts`.
 */

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

/** The `param` flags that are booleans. */
export type ParamFlag = {
  [K in keyof DocParam]: DocParam[K] extends boolean ? K : never;
}[keyof DocParam];

/**
 * The value a policy flag takes when the facility sent something that is not a boolean (shared
 * DESIGN §3): the viewer's reading of `param` (services/param.ts) and the server's enforcement of
 * it (facility/policy/param.ts) both read this table and PARAM_DEFAULTS.
 */
export const PARAM_RESTRICTIVE: Readonly<Partial<Record<ParamFlag, boolean>>> = Object.freeze({
  download: false,
  print: false,
  antiCopy: true,
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

/**
 * The title to show (contracts §5b `showFileName`): the document's title, or '' when the flag is
 * off or there is none.
 */
export function shownTitle({ param, title }: { param: DocParam; title: string }): string {
  return param.showFileName ? title : '';
}

/**
 * Bytes `[first, last]` of the PDF, inclusive as in an HTTP Range header: those pdf.js reads to
 * open the file and draw page 1, as the facility names them (contracts §3 `firstPageRanges`).
 */
export type ByteRange = readonly [number, number];

/**
 * Images of the document's first pages that the facility offers (contracts §3 `previews`): the
 * viewer draws one in its page's place until pdf.js has drawn the page.
 */
export interface PagePreviews {
  /** Absolute URL with `{page}` (1-based) and `{width}` (device pixels) still to fill in. */
  url: string;
  /** Pages 1…pages have previews. */
  pages: number;
  /** The widths offered, in device pixels, ascending. */
  widths: number[];
}

/**
 * A view-only document (contracts §3 `viewOnly`): the server sends page images with the reader's
 * watermark in their pixels, and each page's text, never the file. Absolute URL templates.
 */
export interface ViewOnlyPages {
  /** With `{page}` and `{width}`; null while no page can be drawn (the file pdf.js cannot open). */
  pages: string | null;
  /** Device pixels, ascending. */
  widths: number[];
  /** With `{page}`; undefined when the reader may not search. */
  text: string | undefined;
}
