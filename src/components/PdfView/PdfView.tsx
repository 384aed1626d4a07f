import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import { viewerActions } from '../../models/viewer';
import { selectLinkZoom } from '../../models/url';
import { selectCanSelectText, selectParam } from '../../models/doc/selectors';
import { PageSkeleton } from './PageSkeleton';
import { firstFrameHoldsDrawnPage } from '../../boot/firstFrame/handover';
import { useFirstFrameReplaced } from '../../boot/firstFrame/replaced';
import { fitWidthZoom, normaliseRotation } from '../../services/pdf/layout';
import { documentSession } from '../../services/pdf/session';
import { useLocale, useT } from '../../i18n';
import { useNarrowScreen } from '../common/useNarrowScreen';
import { useTouchGestures } from './gestures/useTouchGestures';
import './PdfView.css';

/** Ctrl+wheel: this much accumulated delta is one zoom step, so touchpad pinches stay gentle. */
const WHEEL_STEP = 60;

/**
 * The page view: the elements pdf.js draws into, attached to the document session, which builds the
 * engine on them for each open document and reports what it does to the models (the `viewer`
 * model's effects); the view the reader asks for reaches pdf.js the same way back. Before pdf.js
 * has laid the pages out (the document is opening), the placeholders and the facility's previews
 * stand in its place, and the reader can already scroll, turn pages and zoom
 * (docs/architecture.md, "Page previews").
 */
export function PdfView({ children }: { children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const zoom = useAppSelector((s) => s.doc.zoom);
  const rotate = useAppSelector((s) => s.doc.rotate);
  const currentPage = useAppSelector((s) => s.doc.currentPage);
  const pageSize = useAppSelector((s) => s.doc.docData.pageSize);
  const previewPages = useAppSelector((s) => s.doc.docData.previews?.pages ?? 0);
  const textSelectable = useAppSelector(selectCanSelectText);
  const param = useAppSelector(selectParam);
  const showComments = param.showComment;
  const narrow = useNarrowScreen();
  // contracts §5b isVertical: on phones, false turns one page at a time by horizontal swipes.
  const onePage = narrow && !param.isVertical;
  // Phones open fitted to the width until the reader (or #zoom) picks a zoom.
  const zoomChosen = useAppSelector((s) => s.doc.zoomChosen);
  const linkZoom = useAppSelector(selectLinkZoom);
  const fitting = narrow && !zoomChosen;
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  // The engine on screen has laid its pages out; a new engine (a re-fetch, StrictMode) starts
  // over, while the doc model's `pagesReady` stays true.
  const initialised = useAppSelector((s) => s.viewer.laidOut);
  const drawn = useAppSelector((s) => s.viewer.drawn);
  const pageShown = useAppSelector((s) => s.doc.pageShown);
  // pdf.js has laid out or drawn page 1: the first frame, if still there, has nothing left to show;
  // one holding page 1 drawn by pdf.js (the boot's stage) stays until the viewer has drawn a page.
  useFirstFrameReplaced(
    drawn.includes(1) || (initialised && (pageShown || !firstFrameHoldsDrawnPage())),
  );
  const pageErrorText = t('engine.pageError');
  const locale = useLocale();

  // Before the attachment below: the first engine lays its pages out in the mode asked for.
  useLayoutEffect(() => {
    dispatch(viewerActions.setOnePage(onePage));
  }, [onePage, dispatch]);
  // A layout effect, like the opening: pdf.js gets its elements in the commit, not a frame later.
  useLayoutEffect(() => {
    const container = containerRef.current;
    const viewer = viewerRef.current;
    if (!container || !viewer) return undefined;
    return documentSession.attach({ container, viewer }, { pageErrorText, locale, showComments });
  }, [pageErrorText, locale, showComments]);

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
  // phone turns, the window is resized).
  useEffect(() => {
    const container = containerRef.current;
    if (!fitting || !initialised || !container) return undefined;
    const fit = () => {
      const scale = documentSession.fitWidthScale();
      if (scale !== undefined) dispatch(docActions.fitWidth(scale));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    return () => {
      observer.disconnect();
    };
  }, [fitting, initialised, rotate, dispatch]);

  const zoomNow = useRef(zoom);
  useLayoutEffect(() => {
    zoomNow.current = zoom;
  }, [zoom]);
  useTouchGestures(containerRef, viewerRef, {
    zoom: () => zoomNow.current,
    min: param.minZoomRatio,
    max: param.maxZoomRatio,
    pinch: !param.isMobScaleDisabled,
    swipe: onePage,
    fitWidth: () => documentSession.fitWidthScale(),
    zoomTo: (next, origin) => {
      if (origin) documentSession.zoomOrigin([origin.x, origin.y]);
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
      documentSession.zoomOrigin([event.clientX, event.clientY]);
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
      {(!initialised || drawn.length < previewPages) && (
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
