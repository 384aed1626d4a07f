import { Button, Progress, Result, Spin, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app';
import { docModel } from '../../models/doc';
import type { DocError } from '../../models/doc/state';
import { usePageTitle } from '../../router/DocumentTitle';
import { useT } from '../../i18n';
import { PdfDocument } from '../../components/PdfView/PdfDocument';
import { EngineProvider } from '../../components/PdfView/EngineContext';
import { HashSync } from './useHashSync';
import { useDownloadFeedback } from '../../components/Download/useDownloadFeedback';
import { WatermarkedStage } from '../../components/Watermark';
import { useAntiCopy } from '../../components/AntiCopy';
import { useFullscreen } from '../../components/Fullscreen/useFullscreen';
import { useReadingChrome } from './useReadingChrome';
import { ChromeBottomPlaceholder, ChromeTopPlaceholder } from './ChromePlaceholder';
import { useRef } from 'react';
import { shallowEqual } from 'react-redux';

/** Asks the facility for the document and shows its state: loading, converting, error or ready. */
export function DocumentView({ docId }: { docId: string }) {
  // The hash follows every page turn: in a component of its own, that re-renders nothing else.
  return (
    <>
      <HashSync />
      <DocumentContent docId={docId} />
    </>
  );
}

function DocumentContent({ docId }: { docId: string }) {
  const dispatch = useAppDispatch();
  const t = useT();
  // Only what this view shows: the viewer below subscribes to the rest itself, so reading (page,
  // zoom, page sizes) does not re-render the whole tree.
  const { status, error, fileUrl, title, loadedCount, pageCount } = useAppSelector(
    ({ doc }) => ({
      status: doc.status,
      error: doc.error,
      fileUrl: doc.fileUrl,
      title: doc.docData.param.showFileName ? doc.docData.title : undefined,
      loadedCount: doc.docData.loadedCount,
      pageCount: doc.docData.pageCount,
    }),
    shallowEqual,
  );
  const fetching = useAppSelector((state) => state.loading.effects['doc/fetch'] ?? false);

  usePageTitle(status === 'ready' ? title : undefined);
  useDownloadFeedback();
  useAntiCopy();

  const retry = () => {
    void dispatch(docModel.actions.fetch(docId));
  };

  if (status === 'error' && error)
    return <DocErrorResult error={error} docId={docId} onRetry={retry} />;
  if (status === 'converting') {
    return (
      <div className="folio-converting" role="status">
        {/* Nothing converted yet: the page count may be the facility's placeholder (DESIGN §3). */}
        {loadedCount === 0 ? (
          <Spin description={t('doc.convertingStarted')} />
        ) : (
          <>
            <Typography.Text>
              {t('doc.converting', { loaded: loadedCount, total: pageCount })}
            </Typography.Text>
            <Progress percent={Math.round((100 * loadedCount) / pageCount)} status="active" />
          </>
        )}
      </div>
    );
  }
  if (status !== 'ready' || fetching || fileUrl === undefined) {
    return <Spin size="large" className="folio-page-spin" description={t('doc.loading')} />;
  }
  return (
    <EngineProvider>
      <ReadingLayout docId={docId} fileUrl={fileUrl} />
    </EngineProvider>
  );
}

/** The pages first; the bars, panels and dialogs around them once page 1 shows. */
function ReadingLayout({ docId, fileUrl }: { docId: string; fileUrl: string }) {
  const viewerRef = useRef<HTMLElement>(null);
  useFullscreen(viewerRef);
  const chrome = useReadingChrome();
  return (
    <main ref={viewerRef} className="folio-viewer" data-doc-id={docId}>
      {chrome ? <chrome.ChromeTop /> : <ChromeTopPlaceholder />}
      <div className="folio-body">
        {chrome && <chrome.ChromeStart />}
        <WatermarkedStage>
          <PdfDocument key={fileUrl} url={fileUrl} />
        </WatermarkedStage>
        {chrome && <chrome.ChromeEnd />}
      </div>
      {chrome ? <chrome.ChromeBottom /> : <ChromeBottomPlaceholder />}
    </main>
  );
}

function DocErrorResult({
  error,
  docId,
  onRetry,
}: {
  error: DocError;
  docId: string;
  onRetry: () => void;
}) {
  const t = useT();
  const notFound = error.kind === 'notFound';
  return (
    <Result
      status={notFound ? '404' : 'error'}
      title={t(`error.${error.kind}.title`)}
      subTitle={t(`error.${error.kind}.detail`, {
        id: docId,
        status: error.status ?? '?',
        reason: error.reason ?? '',
      }).trim()}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    />
  );
}
