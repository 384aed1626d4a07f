import { useAppSelector } from '../../app';
import { selectParam, selectShownTitle } from '../../models/doc/selectors';
import { useNarrowScreen } from '../../components/common/useNarrowScreen';
import { BAR_HEIGHTS, headerBarHeight } from '../../boot/firstFrame/barHeights';

/**
 * Empty bars where the title header, the toolbar and the footer will be, each as tall as the bar
 * it stands for (firstFrame/barHeights.ts), in the reading layout's first commit, before its slots exist: so
 * pdf.js lays page 1 out in the place it keeps when the bars arrive.
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
