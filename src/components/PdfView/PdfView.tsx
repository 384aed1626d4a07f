import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import 'pdfjs-dist/web/pdf_viewer.css';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import { selectCanSelectText, selectParam } from '../../models/doc/selectors';
import { isPrintBusy } from '../../models/print/state';
import type { PDFDocumentProxy } from '../../services/pdf/pdfjs';
import { createEngine } from '../../services/pdf/engine';
import type { Engine } from '../../services/pdf/engine';
import { PageSkeleton } from './PageSkeleton';
import { useFirstFrameReplaced } from '../../router/firstFrame';
import { fitWidthZoom } from '../../services/pdf/layout';
import { pdfSession } from '../../services/pdf/session';
import { useLocale, useT } from '../../i18n';
import { useNarrowScreen } from '../common/useNarrowScreen';
import { useTouchGestures } from './gestures/useTouchGestures';
import './PdfView.css';

/** Degrees for pdf.js: the model keeps (-360, 360), pdf.js wants 0, 90, 180 or 270. */
export function normaliseRotation(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/** Ctrl+wheel: this much accumulated delta is one zoom step, so touchpad pinches stay gentle. */
const WHEEL_STEP = 60;

/** What a pdf.js `pagerendered` event says. */
interface PageRendered {
  pageNumber: number;
}

/**
 * The page engine: pdf.js's PDFViewer bound two-way to the doc model. The model is the authority;
 * the viewer reports scrolling (page) and its own scale changes back, and each side skips updates
 * that already match, so nothing loops. Without `pdf` yet (it is opening), the placeholders and
 * the facility's previews stand in its place, and the reader can already scroll, turn pages and
 * zoom (docs/architecture.md, "Page previews").
 */
export function PdfView({
  pdf,
  children,
}: {
  pdf: PDFDocumentProxy | undefined;
  children?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const t = useT();
  const zoom = useAppSelector((s) => s.doc.zoom);
  const rotate = useAppSelector((s) => s.doc.rotate);
  const currentPage = useAppSelector((s) => s.doc.currentPage);
  const pageSize = useAppSelector((s) => s.doc.docData.pageSize);
  const previewPages = useAppSelector((s) => s.doc.previews?.pages ?? 0);
  const textSelectable = useAppSelector(selectCanSelectText);
  const param = useAppSelector(selectParam);
  const showComments = param.showComment;
  const narrow = useNarrowScreen();
  // contracts §5b isVertical: on phones, false turns one page at a time by horizontal swipes.
  const onePage = narrow && !param.isVertical;
  // Phones open fitted to the width until the reader (or #zoom) picks a zoom.
  const zoomChosen = useAppSelector((s) => s.doc.zoomChosen);
  const linkZoom = useAppSelector((s) => s.url.link.view.zoom);
  const fitting = narrow && !zoomChosen;
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<Engine | null>(null);
  // What pdf.js's event handlers compare against; synced before any effect below runs.
  const model = useRef({ zoom, rotate, currentPage, onePage });
  useLayoutEffect(() => {
    model.current = { zoom, rotate, currentPage, onePage };
  }, [zoom, rotate, currentPage, onePage]);
  // View state, not the document's: this engine (made for these DOM nodes) has laid its pages
  // out. A new engine for the same document (the view remounts after a re-fetch, StrictMode)
  // starts over, while the model's `pdfOpened` stays true; it gates the placeholders below and
  // re-applies zoom, rotation and page to the new engine.
  const [initialised, setInitialised] = useState(false);
  // Pages with a preview that this engine has drawn: their previews step aside.
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set());
  const previewed = useRef(previewPages);
  useLayoutEffect(() => {
    previewed.current = previewPages;
  }, [previewPages]);
  // pdf.js has laid out or drawn page 1: the first frame, if still there, has nothing left to show.
  useFirstFrameReplaced(initialised || drawn.has(1));
  const pageErrorText = t('engine.pageError');
  const locale = useLocale();
  // Read when pdf.js has been idle for a while, not a reason to make a new engine.
  const printBusy = useAppSelector((s) => isPrintBusy(s.print));
  const printing = useRef(false);
  useLayoutEffect(() => {
    printing.current = printBusy;
  }, [printBusy]);

  // A layout effect, like the opening: pdf.js gets its document in the commit, not a frame later.
  useLayoutEffect(() => {
    const container = containerRef.current;
    const viewer = viewerRef.current;
    if (!container || !viewer || !pdf) return undefined;
    const engine = createEngine({
      container,
      viewer,
      pdf,
      pageErrorText,
      locale,
      initial: () => ({ ...model.current, rotate: normaliseRotation(model.current.rotate) }),
      onInit: (pageCount) => {
        setInitialised(true);
        dispatch(docActions.setPageCount(pageCount));
      },
      onPageChange: (page) => {
        if (page !== model.current.currentPage) dispatch(docActions.setPage(page));
      },
      onScaleChange: (scale) => {
        if (Math.abs(scale - model.current.zoom) > 0.001) {
          dispatch(docActions.zoomTo(scale * 100));
        }
      },
      onPagesSize: (sizes) => {
        dispatch(docActions.setPagesSize(sizes));
      },
      onFirstRender: () => {
        dispatch(docActions.pageShown(true));
      },
      canRelease: () => !printing.current,
      showComments,
    });
    engine.eventBus.on('pagerendered', ({ pageNumber }: PageRendered) => {
      if (pageNumber > previewed.current) return;
      setDrawn((pages) => (pages.has(pageNumber) ? pages : new Set(pages).add(pageNumber)));
    });
    engineRef.current = engine;
    pdfSession.setEngine(engine);
    return () => {
      pdfSession.setEngine(undefined);
      dispatch(docActions.pageShown(false));
      engineRef.current = null;
      engine.destroy();
    };
  }, [pdf, dispatch, pageErrorText, locale, showComments]);

  useEffect(() => {
    engineRef.current?.setScale(zoom);
  }, [zoom, initialised]);
  useEffect(() => {
    engineRef.current?.setRotation(normaliseRotation(rotate));
  }, [rotate, initialised]);
  useEffect(() => {
    engineRef.current?.setPage(currentPage);
  }, [currentPage, initialised]);
  useEffect(() => {
    engineRef.current?.setOnePage(onePage);
  }, [onePage, initialised]);
  // Turning pages on the placeholders, before pdf.js lays out: scrolled as pdf.js scrolls to a
  // page (its top edge inside the border), which it then does without a move.
  useEffect(() => {
    const container = containerRef.current;
    if (initialised || onePage || !container) return;
    const placeholder = container.querySelector<HTMLElement>(
      `[data-skeleton-page="${String(currentPage)}"]`,
    );
    if (placeholder) container.scrollTop = placeholder.offsetTop + placeholder.clientTop;
  }, [currentPage, initialised, onePage]);

  // Before pdf.js lays out, from the facility's page size: the placeholders are already fitted
  // (a layout effect, so the first paint is), and nothing shifts when the pages arrive.
  const firstSize = pageSize.at(0);
  useLayoutEffect(() => {
    const width = containerRef.current?.clientWidth;
    if (!fitting || initialised || !width || !firstSize) return;
    // A #zoom in the link is applied (the url model) and wins: no fitted first frame.
    if (linkZoom !== undefined) return;
    dispatch(docActions.fitWidth(fitWidthZoom(width, firstSize, rotate)));
  }, [fitting, initialised, firstSize, rotate, linkZoom, dispatch]);
  // Then from pdf.js's own page box, after every rotation and whenever the width changes (the
  // phone turns, the window is resized). After the rotation effect above: it measures the turn.
  useEffect(() => {
    const container = containerRef.current;
    if (!fitting || !initialised || !container) return undefined;
    const fit = () => {
      const scale = engineRef.current?.fitWidthScale();
      if (scale !== undefined) dispatch(docActions.fitWidth(scale));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    return () => {
      observer.disconnect();
    };
  }, [fitting, initialised, rotate, dispatch]);

  useTouchGestures(containerRef, viewerRef, {
    zoom: () => model.current.zoom,
    min: param.minZoomRatio,
    max: param.maxZoomRatio,
    pinch: !param.isMobScaleDisabled,
    swipe: onePage,
    fitWidth: () => engineRef.current?.fitWidthScale(),
    zoomTo: (next, origin) => {
      if (origin) engineRef.current?.zoomOrigin([origin.x, origin.y]);
      dispatch(docActions.zoomTo(next * 100));
    },
    turn: (direction) => {
      dispatch(direction === 'next' ? docActions.nextPage() : docActions.prevPage());
    },
  });

  // Ctrl+wheel (and touchpad pinch) zooms around the pointer in the model's 20 % steps.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let accumulated = 0;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      accumulated += event.deltaY;
      if (Math.abs(accumulated) < WHEEL_STEP) return;
      const steps = accumulated < 0 ? 1 : -1;
      accumulated = 0;
      engineRef.current?.zoomOrigin([event.clientX, event.clientY]);
      dispatch(docActions.zoomBy(steps));
    };
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      container.removeEventListener('wheel', onWheel);
    };
  }, [dispatch]);

  return (
    <div
      ref={containerRef}
      className={`folio-pdf-container${textSelectable ? ' folio-selectable' : ''}`}
      tabIndex={0}
      aria-label={t('engine.pages')}
      role="document"
    >
      <div ref={viewerRef} className="pdfViewer" />
      {(!initialised || drawn.size < previewPages) && (
        <PageSkeleton
          sizes={pageSize}
          zoom={zoom}
          rotate={normaliseRotation(rotate)}
          only={onePage ? currentPage : undefined}
          over={initialised}
          drawn={drawn}
        />
      )}
      {children}
    </div>
  );
}
