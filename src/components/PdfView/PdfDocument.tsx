import { lazy, Suspense, useEffect } from 'react';
import { useAppDispatch } from '../../app';
import { useT } from '../../i18n';
import { docModel } from '../../models/doc';
import { usePdfDocument } from './usePdfDocument';
import { PdfView } from './PdfView';
import { useReportOpenFailed } from './EngineContext';

// In the viewer's chunk (eager), but evaluated only when a failure or the password dialog shows.
const OpenFailed = lazy(() =>
  import(/* webpackMode: "eager" */ './OpenStatus').then((m) => ({ default: m.OpenFailed })),
);
const PasswordPrompt = lazy(() =>
  import(/* webpackMode: "eager" */ './OpenStatus').then((m) => ({ default: m.PasswordPrompt })),
);

/** Opens the PDF and shows it, or says why it cannot, always with a way out. */
export function PdfDocument({ url }: { url: string }) {
  const { load, reload } = usePdfDocument(url);
  const t = useT();
  useReportOpenFailed(load.kind === 'failed');
  // The model hears of it too: the host is told (docs/embedding.md).
  const dispatch = useAppDispatch();
  const failure = load.kind === 'failed' ? load.failure : undefined;
  useEffect(() => {
    if (failure) dispatch(docModel.actions.pdfFailed(failure));
    return () => {
      if (failure) dispatch(docModel.actions.pdfFailed(undefined));
    };
  }, [failure, dispatch]);
  if (load.kind === 'ready') return <PdfView pdf={load.pdf} />;
  if (load.kind === 'failed') {
    return (
      <Suspense>
        <OpenFailed failure={load.failure} onRetry={reload} />
      </Suspense>
    );
  }
  const percent = load.total > 0 ? Math.min(100, Math.round((100 * load.loaded) / load.total)) : 0;
  return (
    <div className="folio-opening" role="status" aria-live="polite">
      <span>{t('engine.opening')}</span>
      {/* A native bar: it may show for a moment only, before antd has had to run. */}
      {load.total > 0 && (
        <progress className="folio-opening-progress" max={100} value={percent}>
          {percent} %
        </progress>
      )}
      {load.password && (
        <Suspense>
          <PasswordPrompt request={load.password} />
        </Suspense>
      )}
    </div>
  );
}
