import { useAppSelector } from '../../app';
import { selectParam, selectShownTitle } from '../../models/doc/selectors';
import { useNarrowScreen } from '../../components/common/useNarrowScreen';

/**
 * Empty bars where the title header, the toolbar and the footer will be, each as tall as the bar
 * it stands for (Viewer.css), so the pages do not move when the reading chrome arrives. Plain
 * markup: this renders before any of antd's components has run.
 */
export function ChromeTopPlaceholder() {
  const param = useAppSelector(selectParam);
  const title = useAppSelector(selectShownTitle);
  const narrow = useNarrowScreen();
  // The toolbar gives the title a row of its own on narrow screens (HeaderBar).
  const titleRow = narrow && title !== '';
  return (
    <>
      {param.showHeader && <div className="folio-placeholder folio-placeholder-title-header" />}
      {param.showHeaderBar && (
        <div
          className={`folio-placeholder folio-placeholder-header-bar${titleRow ? ' folio-placeholder-title-row' : ''}`}
        />
      )}
    </>
  );
}

export function ChromeBottomPlaceholder() {
  const showFooter = useAppSelector((state) => selectParam(state).showFooter);
  return showFooter ? <div className="folio-placeholder folio-placeholder-footer" /> : null;
}
