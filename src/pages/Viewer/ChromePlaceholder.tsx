import { useAppSelector } from '../../app';
import { selectParam, selectShownTitle } from '../../models/doc/selectors';
import { useNarrowScreen } from '../../components/common/useNarrowScreen';
import { BAR_HEIGHTS, headerBarHeight } from './barHeights';

/**
 * Empty bars where the title header, the toolbar and the footer will be, each as tall as the bar
 * it stands for (barHeights.ts), so the pages do not move when the reading chrome arrives. Plain
 * markup: this renders before any of antd's components has run.
 */
export function ChromeTopPlaceholder() {
  const param = useAppSelector(selectParam);
  const title = useAppSelector(selectShownTitle);
  const narrow = useNarrowScreen();
  const toolbar = headerBarHeight(param, narrow, title);
  return (
    <>
      {param.showHeader && (
        <div
          className="folio-placeholder folio-placeholder-title-header"
          style={{ height: BAR_HEIGHTS.titleHeader }}
        />
      )}
      {toolbar > 0 && (
        <div
          className="folio-placeholder folio-placeholder-header-bar"
          style={{ height: toolbar }}
        />
      )}
    </>
  );
}

export function ChromeBottomPlaceholder() {
  const showFooter = useAppSelector((state) => selectParam(state).showFooter);
  return showFooter ? (
    <div
      className="folio-placeholder folio-placeholder-footer"
      style={{ height: BAR_HEIGHTS.footer }}
    />
  ) : null;
}
