import { useAppSelector } from '../../app';
import { selectIsConverting, selectProgress, selectZoomPercent } from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { footerMessages } from './messages';
import { toolbarMessages } from '../../i18n/messages/toolbar';
import './Footer.css';

/** Its own strings and the toolbar's page and zoom formats, which it shows the same way. */
const strings = { ...footerMessages, ...toolbarMessages };

/**
 * The footer bar (contracts §5b), present when `param.showFooter`: the page as `n / N`, the zoom as a
 * percentage and, while the facility converts the document, its progress. Plain markup in antd's
 * default theme's measures (Footer.css): it shows before antd has loaded
 * (docs/decisions/2026-11-27-toolbar-without-antd.md).
 */
export function Footer() {
  const t = useMessages(strings);
  const showFooter = useAppSelector((state) => state.doc.docData.param.showFooter);
  const currentPage = useAppSelector((state) => state.doc.currentPage);
  const pageCount = useAppSelector((state) => state.doc.docData.pageCount);
  const loadedCount = useAppSelector((state) => state.doc.docData.loadedCount);
  const converting = useAppSelector(selectIsConverting);
  const progress = useAppSelector(selectProgress);
  const zoomPercent = useAppSelector(selectZoomPercent);

  if (!showFooter) return null;

  const percent = Math.round(progress * 100);
  const convertingText = t('footer.converting', { loaded: loadedCount, total: pageCount });
  return (
    <footer aria-label={t('footer.label')} className="folio-footer">
      <span>
        <span className="folio-footer-label">{t('footer.pageLabel')}</span>
        <span>
          {t('toolbar.pageOfCount', {
            current: currentPage,
            count: pageCount > 0 ? pageCount : '–',
          })}
        </span>
      </span>
      <span>
        <span className="folio-footer-label">{t('footer.zoomLabel')}</span>
        <span>{t('toolbar.zoomValue', { percent: zoomPercent })}</span>
      </span>
      {converting && (
        <span className="folio-footer-converting">
          <span>{convertingText}</span>
          <span
            className="folio-footer-progress"
            role="progressbar"
            aria-label={convertingText}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </span>
        </span>
      )}
    </footer>
  );
}
