import { useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import { selectIsFetching, selectShownUrl, selectView } from '../../models/doc/selectors';
import { chunkComponent } from '../../runtime';
import { usePageTitle } from '../../router/DocumentTitle';
import { useBootBarReplaced } from '../../boot/bootBar';
import { useFirstFrameReplaced } from '../../boot/firstFrame/replaced';
import { useT } from '../../i18n';
import { PdfDocument } from '../../components/PdfView/PdfDocument';
import { WatermarkedStage } from '../../components/Watermark';
import { useAntiCopy } from '../../components/AntiCopy';
import { useFullscreen } from '../../components/Fullscreen/useFullscreen';
import { ReadingChrome } from './ReadingChrome';
import type { ChromeSlots } from './ReadingChrome';
import { useReadingPanels } from './useReadingPanels';
import { ChromeBottomPlaceholder, ChromeTopPlaceholder } from './ChromePlaceholder';
import type { DocumentStatusShown } from './DocumentStatus';

// A document that cannot show yet: the `document-status` chunk, loaded when one is to be shown.
const DocumentStatus = chunkComponent(
  () => import(/* webpackChunkName: "document-status" */ './DocumentStatus'),
  (m) => m.DocumentStatus,
  <Loading />,
);

/**
 * The listing engine (contracts §3 "Views beyond pages"): the `listing` chunk, loaded only for an
 * answer whose view is `listing`; a reader of a PDF loads nothing of it
 * (docs/decisions/2026-12-06-listing-view.md).
 */
const ListingView = chunkComponent(
  () => import(/* webpackChunkName: "listing" */ '../../components/Listing/ListingView'),
  (m) => m.ListingView,
  <Loading />,
);

/**
 * The sheet engine (contracts §3 "Views beyond pages"): the `sheet` chunk, loaded only for an
 * answer whose view is `sheet`; a reader of a PDF loads nothing of it
 * (docs/decisions/2026-12-06-sheet-view.md).
 */
const SheetView = chunkComponent(
  () => import(/* webpackChunkName: "sheet" */ '../../components/Sheet/SheetView'),
  (m) => m.SheetView,
  <Loading />,
);

/**
 * The media engine: the `media` chunk, the browser's own player for audio and video, loaded only
 * for an answer whose view is `media` (docs/decisions/2026-12-06-media-view.md).
 */
const MediaView = chunkComponent(
  () => import(/* webpackChunkName: "media" */ '../../components/Media/MediaView'),
  (m) => m.MediaView,
  <Loading />,
);

/** Asks the facility for the document and shows its state: loading, converting, error or ready. */
export function DocumentView({ docId }: { docId: string }) {
  const dispatch = useAppDispatch();
  // Only what this view shows: the viewer below subscribes to the rest itself, so reading (page,
  // zoom, page sizes) does not re-render the whole tree.
  const { status, error, fileUrl, title, loadedCount, pageCount } = useAppSelector(
    ({ doc }) => ({
      status: doc.status,
      error: doc.error,
      fileUrl: selectShownUrl({ doc }),
      title: doc.docData.param.showFileName ? doc.docData.title : undefined,
      loadedCount: doc.docData.loadedCount,
      pageCount: doc.docData.pageCount,
    }),
    shallowEqual,
  );
  const fetching = useAppSelector(selectIsFetching);
  // The engine the doc model's fetch chose by the answer's view (it let pdf.js go for the others).
  const view = useAppSelector(selectView);

  usePageTitle(status === 'ready' ? title : undefined);
  useAntiCopy();

  let shown: DocumentStatusShown | undefined;
  if (status === 'error' && error) {
    const onRetry = () => {
      void dispatch(docActions.fetch(docId));
    };
    const onPassword = (password: string) => {
      void dispatch(docActions.givePassword({ id: docId, password }));
    };
    shown = { kind: 'error', error, docId, onRetry, onPassword };
  } else if (status === 'converting') {
    shown = { kind: 'converting', loadedCount, pageCount };
  }
  // Before the status's own chunk has loaded: the first frame's page must not stay over it.
  useFirstFrameReplaced(shown !== undefined);
  if (shown) return <DocumentStatus shown={shown} />;
  if (status !== 'ready' || fetching) return <Loading />;
  if (view === 'listing') return <ListingView docId={docId} />;
  if (view === 'sheet') return <SheetView docId={docId} />;
  if (view === 'media') return <MediaView docId={docId} />;
  if (fileUrl === undefined) return <Loading />;
  return <ReadingLayout docId={docId} fileUrl={fileUrl} />;
}

function Loading() {
  const t = useT();
  return (
    <div className="folio-page-spin" role="status" aria-busy="true">
      {t('doc.loading')}
    </div>
  );
}

/**
 * The pages and the bars (plain markup), and the panels and dialogs (antd) once page 1 is drawn.
 * The bars and panels render through portals into the slots, so what arrives re-renders nothing
 * of the pages; until the slots are in the document (the first commit, never painted: the second
 * follows at once) empty bars of their heights hold the pages' place for pdf.js's first layout.
 */
function ReadingLayout({ docId, fileUrl }: { docId: string; fileUrl: string }) {
  const viewerRef = useRef<HTMLElement>(null);
  useFullscreen(viewerRef);
  useBootBarReplaced();
  const [panels, wantPanels] = useReadingPanels();
  const [top, setTop] = useState<HTMLElement | null>(null);
  const [start, setStart] = useState<HTMLElement | null>(null);
  const [end, setEnd] = useState<HTMLElement | null>(null);
  const [bottom, setBottom] = useState<HTMLElement | null>(null);
  const [footer, setFooter] = useState<HTMLElement | null>(null);
  const slots: ChromeSlots | undefined =
    top && start && end && bottom && footer ? { top, start, end, bottom, footer } : undefined;
  return (
    <main ref={viewerRef} className="folio-viewer" data-doc-id={docId}>
      {!slots && <ChromeTopPlaceholder />}
      <div ref={setTop} className="folio-slot" />
      {/* Busy until the panels (and antd) are there: the side and search panels are to come. */}
      <div className="folio-body" aria-busy={!panels}>
        <div ref={setStart} className="folio-slot" />
        <WatermarkedStage>
          <PdfDocument key={fileUrl} url={fileUrl} />
        </WatermarkedStage>
        <div ref={setEnd} className="folio-slot" />
      </div>
      {!slots && <ChromeBottomPlaceholder />}
      <div ref={setBottom} className="folio-slot" />
      <div ref={setFooter} className="folio-slot" />
      {slots && <ReadingChrome slots={slots} panels={panels} wantPanels={wantPanels} />}
    </main>
  );
}
