import { Progress, theme } from 'antd';
import { useAppSelector } from '../../app';
import { selectIsConverting, selectProgress, selectZoomPercent } from '../../models/doc/selectors';
import { useT } from '../../i18n';

/**
 * The footer bar (contracts §5b), present when `param.showFooter`: the page as `n / N`, the zoom as a
 * percentage and, while the facility converts the document, its progress.
 */
export function Footer() {
  const t = useT();
  const { token } = theme.useToken();
  const showFooter = useAppSelector((state) => state.doc.docData.param.showFooter);
  const currentPage = useAppSelector((state) => state.doc.currentPage);
  const pageCount = useAppSelector((state) => state.doc.docData.pageCount);
  const loadedCount = useAppSelector((state) => state.doc.docData.loadedCount);
  const converting = useAppSelector(selectIsConverting);
  const progress = useAppSelector(selectProgress);
  const zoomPercent = useAppSelector(selectZoomPercent);

  if (!showFooter) return null;

  const label = { color: token.colorTextSecondary, marginInlineEnd: token.marginXXS };
  return (
    <footer
      aria-label={t('footer.label')}
      className="folio-footer"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginMD,
        // Its placeholder's height (Viewer.css), whatever the font's line box.
        boxSizing: 'border-box',
        minHeight: 28,
        padding: `${token.paddingXXS}px ${token.paddingSM}px`,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        fontSize: token.fontSizeSM,
      }}
    >
      <span>
        <span style={label}>{t('footer.pageLabel')}</span>
        <span>
          {t('toolbar.pageOfCount', {
            current: currentPage,
            count: pageCount > 0 ? pageCount : '–',
          })}
        </span>
      </span>
      <span>
        <span style={label}>{t('footer.zoomLabel')}</span>
        <span>{t('toolbar.zoomValue', { percent: zoomPercent })}</span>
      </span>
      {converting && (
        <span style={{ display: 'flex', alignItems: 'center', gap: token.marginXS }}>
          <span>{t('footer.converting', { loaded: loadedCount, total: pageCount })}</span>
          <Progress
            percent={Math.round(progress * 100)}
            size="small"
            status="active"
            showInfo={false}
            style={{ width: 120, margin: 0 }}
            aria-label={t('footer.converting', { loaded: loadedCount, total: pageCount })}
          />
        </span>
      )}
    </footer>
  );
}
