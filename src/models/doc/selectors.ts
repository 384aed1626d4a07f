/**
 * Derived values the UI needs, so that rules such as "a new tab only when download is allowed"
 * live in one tested place rather than in components. Each takes only the slice it reads,
 * and returns a primitive or a reference already in the state (safe for useSelector).
 */
import { effectLoading } from '../../runtime';
import type { LoadingState } from '../../runtime';
import { docActions } from './actions';
import type { DocState } from './state';
import { shownTitle } from '../../domain/document';
import type { DocParam, WatermarkInfo } from '../../domain/document';
import type { DocData } from '../../services/facilityDocument';
import type { Listing } from '../../domain/listing';
import type { DocView } from '../../domain/view';
import { VIEW_TRAITS } from '../../domain/view';
import type { MediaInfo } from '../../domain/media';
import { listingOf } from '../../services/listing/ids';

interface WithDoc {
  doc: DocState;
}

interface WithLoading {
  loading: LoadingState;
}

export const selectDoc = (state: WithDoc): DocState => state.doc;
export const selectDocData = (state: WithDoc): DocData => state.doc.docData;
export const selectParam = (state: WithDoc): DocParam => state.doc.docData.param;

/** A document is on screen (fetched, converted, saved). */
export const selectIsReady = ({ doc }: WithDoc): boolean => doc.status === 'ready';

/** The facility is still converting the document (spec §3 `loadedCount` < `pageCount`). */
export const selectIsConverting = ({ doc }: WithDoc): boolean => doc.status === 'converting';

/** domain/document.ts's shownTitle of the document on screen. */
export const selectShownTitle = ({ doc }: WithDoc): string => shownTitle(doc.docData);

/** The zoom display: 1.2 → 120. */
export const selectZoomPercent = (state: WithDoc): number => Math.round(state.doc.zoom * 100);

/** The zoom clamp as percentages (spec §5): the zoom presets outside it are disabled. */
export const selectMinZoomPercent = ({ doc }: WithDoc): number =>
  doc.docData.param.minZoomRatio * 100;
export const selectMaxZoomPercent = ({ doc }: WithDoc): number =>
  doc.docData.param.maxZoomRatio * 100;

export const selectCanZoomIn = ({ doc }: WithDoc): boolean =>
  doc.zoom < doc.docData.param.maxZoomRatio;
export const selectCanZoomOut = ({ doc }: WithDoc): boolean =>
  doc.zoom > doc.docData.param.minZoomRatio;

export const selectCanGoNext = ({ doc }: WithDoc): boolean =>
  doc.currentPage < doc.docData.pageCount;
export const selectCanGoPrev = ({ doc }: WithDoc): boolean => doc.currentPage > 1;

/** Conversion progress in [0, 1]. */
export const selectProgress = ({ doc }: WithDoc): number => {
  const { loadedCount, pageCount } = doc.docData;
  return pageCount > 0 ? Math.min(1, loadedCount / pageCount) : 0;
};

/** The viewable PDF's absolute URL, once the facility's answer is stored (undefined before). */
export const selectFileUrl = ({ doc }: WithDoc): string | undefined =>
  doc.docData.fileUrl === '' ? undefined : doc.docData.fileUrl;

/** The original file's absolute URL (for isFcsDownload), once the answer is stored. */
export const selectOriginalUrl = ({ doc }: WithDoc): string | undefined =>
  doc.docData.originalUrl === '' ? undefined : doc.docData.originalUrl;

/** pdf.js could not open the PDF: no engine is coming (until a retry). */
export const selectPdfOpenFailed = ({ doc }: WithDoc): boolean => doc.pdfFailure !== undefined;

/** True while a document fetch runs (the loading model, contracts §1). */
export const selectIsFetching = (state: WithLoading): boolean =>
  effectLoading(docActions.fetch)(state);

/**
 * What "Open in new tab" opens (contracts §5b `showBrowser`): the viewed PDF, and only when
 * `download` is allowed — a tab holding the PDF is a route to its bytes.
 */
export const selectOpenInTabUrl = (state: WithDoc): string | undefined => {
  const { download, showBrowser } = state.doc.docData.param;
  // A listing, a sheet or media has no viewed file on screen: a tab would only download the original.
  if (!VIEW_TRAITS[state.doc.docData.view].viewedFile) return undefined;
  return download && showBrowser ? selectFileUrl(state) : undefined;
};

/**
 * The engine the stored answer is shown by (contracts §3 "Views beyond pages"): `pages` (pdf.js
 * or page images), `listing`, `sheet` or `media`; `pages` until an answer is stored.
 */
export const selectView = ({ doc }: WithDoc): DocView => doc.docData.view;

/** The media on screen: the player's file and captions, undefined for any other view. */
export const selectMedia = ({ doc }: WithDoc): MediaInfo | undefined =>
  doc.docData.view === 'media' ? doc.docData.media : undefined;

/** The listing on screen: its entries (and an e-mail's message), undefined for pages. */
export const selectListing = ({ doc }: WithDoc): Listing | undefined =>
  doc.docData.view === 'listing' ? doc.docData.listing : undefined;

/**
 * The listing the document on screen was opened from (an archive's entry, an e-mail's
 * attachment: docs/decisions/2026-12-06-listing-view.md), undefined for any other document.
 */
export const selectListingOf = ({ doc }: WithDoc): string | undefined => listingOf(doc.docId);

/**
 * What the page view shows: the viewable PDF's URL, or a view-only document's page images' (its
 * URL template; contracts §3 `viewOnly`); undefined while there is nothing to show.
 */
export const selectShownUrl = (state: WithDoc): string | undefined => {
  const { viewOnly } = state.doc.docData;
  return viewOnly ? (viewOnly.pages ?? undefined) : selectFileUrl(state);
};

/** Text is selectable only when anti-copy is off and `select` is on (contracts §5b). */
export const selectCanSelectText = ({ doc }: WithDoc): boolean =>
  !doc.docData.param.antiCopy && doc.docData.param.select;

/** Anti-copy is in force (contracts §5b `antiCopy`): only while a document is shown. */
export const selectAntiCopyActive = ({ doc }: WithDoc): boolean =>
  doc.status === 'ready' && doc.docData.param.antiCopy;

/**
 * Whether the signature pad is open: `mobileSignState` on phones (`narrow`), `signState` on
 * desktop (spec §3).
 */
export const selectSignPadOpen =
  (narrow: boolean) =>
  ({ doc }: WithDoc): boolean =>
    narrow ? doc.mobileSignState : doc.signState;

/**
 * The watermark to draw, or undefined when there is none (empty text, contracts §3) or the pages
 * carry it in their pixels already (a view-only document's images, drawn by the server).
 */
export const selectWatermark = ({ doc }: WithDoc): WatermarkInfo | undefined => {
  if (doc.docData.viewOnly) return undefined;
  const info = doc.docData.watermarkInfo;
  return info.text !== undefined && info.text !== '' ? info : undefined;
};
