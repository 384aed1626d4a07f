/**
 * pdf.js's own viewer components (contracts §6), wired once per document. They render only what
 * is visible, keep a bounded page buffer and cap canvas pixels; this file only connects them.
 */
import { annotationModeFor } from './annotationMode';
import { resourceUrl, viewer as pdfViewer } from './pdfjs';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs';
import { DESKTOP_MAX_CANVAS_PIXELS, isPhoneLike, PHONE_MAX_CANVAS_PIXELS } from './device';
import type { Locale } from '../../i18n';
import { textMappingReleaser } from './textMappings';
import type { TextMappedView } from './textMappings';
import { viewerL10n } from './viewerL10n';
import { releaseWhenIdle } from './idleRelease';
import type { IdleQueue } from './idleRelease';
import type { PageSize } from '../../domain/document';
import { errorTile } from './errorTile';
import type { EngineView, PageEngine, ViewerEvent } from './pageEngine';
import { forwardingEventBus } from './forwardingEventBus';
import { loadedPageGeometry, pageElement, toPageGeometry } from './pageViews';
import { teardownSafe } from './teardownSafe';

/** What this file reads of a pdf.js page view (its typings return `any`). */
interface PageViewLike extends TextMappedView {
  div: HTMLDivElement;
  pdfPage?: PDFPageProxy;
  /** CSS pixels at `scale`. */
  width: number;
  scale: number;
}

export interface EngineOptions {
  container: HTMLDivElement;
  viewer: HTMLDivElement;
  pdf: PDFDocumentProxy;
  pageErrorText: string;
  /** The language of pdf.js's own strings (page region names). */
  locale: Locale;
  /**
   * The model's view now: read when pdf.js lays the pages out (`onePage` scrolls a page at a time
   * from the start, so page 1 is not first scrolled to as in a column) and before an idle release.
   */
  view: () => EngineView;
  emit: (event: ViewerEvent) => void;
  /** A listener of the session asked for this pdf.js event: it is emitted as a `pdfjs` event. */
  forwards: (name: string) => boolean;
  /** The policy's `showComment`: false draws no annotation at all (pdfjs.ts, annotationModeFor). */
  showComments: boolean;
}

/** pdf.js's engine: the page engine, and what the finder and thumbnails use of pdf.js. */
export interface Engine extends PageEngine {
  readonly eventBus: InstanceType<typeof pdfViewer.EventBus>;
  readonly viewer: InstanceType<typeof pdfViewer.PDFViewer>;
  readonly findController: InstanceType<typeof pdfViewer.PDFFindController>;
  readonly linkService: InstanceType<typeof pdfViewer.PDFLinkService>;
  readonly pdf: PDFDocumentProxy;
  /** pdf.js's annotation mode of this view, for what else draws its pages (thumbnails). */
  readonly annotationMode: number;
}

export function createEngine(options: EngineOptions): Engine {
  const { container, viewer, pdf } = options;
  const abort = new AbortController();
  // What pdf.js's viewer asked of the document and had no answer to when the engine went fails
  // quietly (teardownSafe.ts); the thumbnails, the idle release and the rest use `pdf` itself.
  let destroyed = false;
  const viewed = teardownSafe(pdf, () => destroyed);
  const eventBus = forwardingEventBus(pdfViewer.EventBus, {
    wants: options.forwards,
    send: (name, detail) => {
      options.emit({ kind: 'pdfjs', name, detail });
    },
  });
  const linkService = new pdfViewer.PDFLinkService({
    eventBus,
    // External links open in a new tab, without access to this one; pdf.js links use `url` only.
    externalLinkTarget: pdfViewer.LinkTarget.BLANK,
    externalLinkRel: 'noopener noreferrer nofollow',
  });
  const findController = new pdfViewer.PDFFindController({ eventBus, linkService });
  const phone = isPhoneLike();
  const l10n = viewerL10n(options.locale);
  const annotationMode = annotationModeFor(options.showComments);
  // `abortSignal` (it stops the viewer's resize observer) is missing from pdf.js's typings.
  const viewerOptions = {
    container,
    viewer,
    eventBus,
    linkService,
    findController,
    // Comments and links, or none (showComment); forms and scripting stay off (no
    // PDFScriptingManager is ever created).
    annotationMode,
    // A note's icon (annotation-comment.svg …), shipped beside the cmaps.
    imageResourcesPath: resourceUrl('images'),
    maxCanvasPixels: phone ? PHONE_MAX_CANVAS_PIXELS : DESKTOP_MAX_CANVAS_PIXELS,
    abortSignal: abort.signal,
    // pdf.js types this as its own L10n class; its viewer calls only the IL10n methods.
    l10n: l10n as unknown as InstanceType<typeof pdfViewer.PDFViewer>['l10n'],
  };
  const pdfView = new pdfViewer.PDFViewer(viewerOptions);
  // Given an l10n, pdf.js leaves watching its pages for strings to the app.
  void l10n.translate(viewer);
  linkService.setViewer(pdfView);
  const pageView = (index: number) => pdfView.getPageView(index) as PageViewLike | undefined;
  let origin: [number, number] | undefined;
  let ready = false;

  eventBus.on('pagesinit', () => {
    const { zoom, rotate, currentPage, onePage } = options.view();
    ready = true;
    if (onePage) pdfView.scrollMode = pdfViewer.ScrollMode.PAGE;
    pdfView.currentScale = zoom;
    pdfView.pagesRotation = rotate;
    pdfView.currentPageNumber = Math.min(Math.max(1, currentPage), pdf.numPages);
    options.emit({ kind: 'laidOut', pageCount: pdf.numPages });
  });
  eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => {
    options.emit({ kind: 'pageChanged', page: pageNumber });
  });
  eventBus.on('scalechanging', ({ scale }: { scale: number }) => {
    options.emit({ kind: 'scaleChanged', scale });
  });
  // A page that fails to load or render shows an error tile; the rest of the document reads on.
  // pdf.js clears a page's children when it re-lays it out (zoom, rotation), so failed pages get
  // their tile back after each of those.
  const failed = new Set<number>();
  const tileFor = (pageNumber: number) => {
    const div = pageView(pageNumber - 1)?.div;
    const tile = div?.querySelector('.folio-page-error');
    if (!div || failed.has(pageNumber) === Boolean(tile)) return;
    if (tile) tile.remove();
    else div.append(errorTile(options.pageErrorText));
  };
  const showTiles = () => {
    failed.forEach(tileFor);
  };
  eventBus.on('pagesloaded', () => {
    const sizes: PageSize[] = [];
    for (let i = 0; i < pdfView.pagesCount; i += 1) {
      const page = pageView(i)?.pdfPage;
      if (!page) failed.add(i + 1);
      const viewport = page?.getViewport({ scale: 1 });
      sizes.push({ width: viewport?.width ?? 0, height: viewport?.height ?? 0 });
    }
    options.emit({ kind: 'pagesSized', sizes });
    showTiles();
  });
  eventBus.on('pagerendered', ({ pageNumber, error }: { pageNumber: number; error: unknown }) => {
    if (error) failed.add(pageNumber);
    else failed.delete(pageNumber);
    tileFor(pageNumber);
    options.emit({ kind: 'pageDrawn', page: pageNumber, failed: Boolean(error) });
  });
  const releaseTextMappings = textMappingReleaser(pageView);
  eventBus.on('textlayerrendered', ({ pageNumber }: { pageNumber: number }) => {
    releaseTextMappings(pageNumber);
  });
  eventBus.on('scalechanging', showTiles);
  eventBus.on('rotationchanging', () => {
    showTiles();
    options.emit({ kind: 'rotated' });
  });
  const stopIdleRelease = releaseWhenIdle({
    // pdf.js's typings give `onIdle` the type `null`; its viewer app assigns a function.
    queue: pdfView.renderingQueue as unknown as IdleQueue,
    viewer: {
      cleanup() {
        // It resets the pages pdf.js never drew, children and all: one that failed to load
        // would lose its error tile.
        pdfView.cleanup();
        showTiles();
      },
    },
    pdf,
    canRelease: () => !options.view().printing,
  });

  pdfView.setDocument(viewed);
  linkService.setDocument(viewed);

  return {
    eventBus,
    viewer: pdfView,
    findController,
    linkService,
    pdf,
    annotationMode,
    setScale(scale) {
      if (!ready || Math.abs(pdfView.currentScale - scale) < 0.001) return;
      if (origin) {
        pdfView.updateScale({ scaleFactor: scale / pdfView.currentScale, origin });
        origin = undefined;
      } else {
        pdfView.currentScale = scale;
      }
    },
    setRotation(degrees) {
      if (ready && pdfView.pagesRotation !== degrees) pdfView.pagesRotation = degrees;
    },
    setPage(page) {
      if (ready && pdfView.currentPageNumber !== page) pdfView.currentPageNumber = page;
    },
    zoomOrigin(point) {
      origin = point;
    },
    setOnePage(onePage) {
      const mode = onePage ? pdfViewer.ScrollMode.PAGE : pdfViewer.ScrollMode.VERTICAL;
      if (ready && pdfView.scrollMode !== mode) pdfView.scrollMode = mode;
    },
    revealPage(page) {
      if (pdfView.currentPageNumber === page) pdfView.scrollPageIntoView({ pageNumber: page });
    },
    pageElement: (page) => pageElement(pdfView, page),
    loadedPageGeometry: (page) => loadedPageGeometry(pdfView, page),
    async pageGeometry(page) {
      return loadedPageGeometry(pdfView, page) ?? toPageGeometry(await pdf.getPage(page));
    },
    fitWidthScale() {
      const page = ready ? pageView(pdfView.currentPageNumber - 1) : undefined;
      if (!page || page.width <= 0) return undefined;
      // pdf.js's own 'page-width' leaves 40 px for a scrollbar; phones overlay theirs, so the
      // page's box (canvas plus pdf.js's border) fills exactly the container's width.
      const border = page.div.offsetWidth - page.width;
      const scale = ((container.clientWidth - border) / page.width) * page.scale;
      // Down to the model's 2 decimals: rounding up would leave a few pixels to pan sideways.
      return Math.floor(scale * 100) / 100;
    },
    destroy() {
      destroyed = true;
      abort.abort();
      stopIdleRelease();
      void l10n.destroy();
      // setDocument(null) cancels rendering and makes pdf.js drop work still pending for this
      // document; the DOM goes with it, so a new engine on the same elements starts clean.
      pdfView.setDocument(null);
      linkService.setDocument(null);
      viewer.replaceChildren();
      container.querySelectorAll('#hiddenCopyElement').forEach((node) => {
        node.remove();
      });
    },
  };
}
