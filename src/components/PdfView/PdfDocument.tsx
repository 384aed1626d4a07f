import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app';
import { chunkComponent } from '../../runtime';
import { useT } from '../../i18n';
import { docActions } from '../../models/doc';
import { useFirstFrameReplaced } from '../../boot/firstFrame/replaced';
import { PdfView } from './PdfView';

// The antd parts of a failure or a password: the `document-status` chunk, loaded when one shows.
const loadOpenStatus = () => import(/* webpackChunkName: "document-status" */ './OpenStatus');
const OpenFailed = chunkComponent(loadOpenStatus, (m) => m.OpenFailed);
const PasswordPrompt = chunkComponent(loadOpenStatus, (m) => m.PasswordPrompt);

/**
 * Shows the PDF the doc model's `pages` effect opens, or says why it cannot, always with a way out.
 * The opening itself (progress, password, failure) is model state (docs/architecture.md, "The
 * open document"); the document session builds pdf.js's viewer on the page view.
 */
export function PdfDocument({ url }: { url: string }) {
  const { ready, failure, progress, password, previews } = useAppSelector(
    ({ doc }) => ({
      ready: doc.pagesReady && doc.pagesUrl === url,
      failure: doc.pdfFailure,
      progress: doc.pdfProgress,
      password: doc.pdfPassword,
      previews: doc.docData.previews !== undefined,
    }),
    shallowEqual,
  );
  const t = useT();
  const dispatch = useAppDispatch();
  useFirstFrameReplaced(failure !== undefined || password !== undefined);
  // The same element while pdf.js opens and once it has: the previews' view becomes pdf.js's.
  if (ready) return <PdfView />;
  if (previews && !failure && !password) {
    return (
      <PdfView>
        <span className="folio-visually-hidden" role="status">
          {t('engine.opening')}
        </span>
      </PdfView>
    );
  }
  if (failure) {
    return (
      <OpenFailed
        failure={failure}
        onRetry={() => dispatch(docActions.openPages({ url, again: true }))}
      />
    );
  }
  const { loaded, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.round((100 * loaded) / total)) : 0;
  return (
    <div className="folio-opening" role="status" aria-live="polite">
      <span>{t('engine.opening')}</span>
      {/* A native bar: it may show for a moment only, before antd has had to run. */}
      {total > 0 && (
        <progress className="folio-opening-progress" max={100} value={percent}>
          {percent} %
        </progress>
      )}
      {password && (
        <PasswordPrompt
          reason={password}
          onAnswer={(answer: string | null) => dispatch(docActions.answerPassword(answer))}
        />
      )}
    </div>
  );
}
