import { useEffect } from 'react';
import { useAppDispatch } from '../../app';
import { chunkComponent } from '../../runtime';
import { useT } from '../../i18n';
import { docActions } from '../../models/doc';
import { usePdfDocument } from './usePdfDocument';
import { PdfView } from './PdfView';

// The antd parts of a failure or a password: the `document-status` chunk, loaded when one shows.
const loadOpenStatus = () => import(/* webpackChunkName: "document-status" */ './OpenStatus');
const OpenFailed = chunkComponent(loadOpenStatus, (m) => m.OpenFailed);
const PasswordPrompt = chunkComponent(loadOpenStatus, (m) => m.PasswordPrompt);

/** Opens the PDF and shows it, or says why it cannot, always with a way out. */
export function PdfDocument({ url }: { url: string }) {
  const { load, reload } = usePdfDocument(url);
  const t = useT();
  // The model holds the failure: the panels waiting for the engine and the host (docs/embedding.md).
  const dispatch = useAppDispatch();
  const failure = load.kind === 'failed' ? load.failure : undefined;
  useEffect(() => {
    if (failure) dispatch(docActions.pdfFailed(failure));
    return () => {
      if (failure) dispatch(docActions.pdfFailed(undefined));
    };
  }, [failure, dispatch]);
  if (load.kind === 'ready') return <PdfView pdf={load.pdf} />;
  if (load.kind === 'failed') {
    return <OpenFailed failure={load.failure} onRetry={reload} />;
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
      {load.password && <PasswordPrompt request={load.password} />}
    </div>
  );
}
