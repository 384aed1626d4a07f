import { useAppSelector } from '../../app';
import { selectParam } from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { panelsMessages } from './messages';
import { OutlinePanel } from '../OutlinePanel';
import { ThumbnailPanel } from '../ThumbnailPanel';
import './SidePanel.css';

/**
 * The side area left of the pages, shared by the thumbnail and outline panels: the model keeps at
 * most one of them open (`showThumbnail`, `showOutline`), and each shows only while its `param`
 * flag (`showThumb`, `showList`) allows its control. With `showLeftAnimation` it slides in, unless
 * the reader asked for reduced motion. On narrow screens it lies over the pages instead of
 * squeezing them.
 */
export function SidePanel() {
  const t = useMessages(panelsMessages);
  const param = useAppSelector(selectParam);
  const showThumbnail = useAppSelector((s) => s.doc.showThumbnail);
  const showOutline = useAppSelector((s) => s.doc.showOutline);

  const panel =
    showThumbnail && param.showThumb
      ? 'thumbnails'
      : showOutline && param.showList
        ? 'outline'
        : undefined;
  if (panel === undefined) return null;

  return (
    <aside
      // A new panel slides in again; the same one stays put while the reader uses it.
      key={panel}
      className={[
        'folio-side-panel',
        `folio-side-panel-${panel}`,
        param.showLeftAnimation ? 'folio-side-panel-slide' : '',
      ].join(' ')}
      aria-label={t(panel === 'thumbnails' ? 'panels.thumbnails' : 'panels.outline')}
    >
      {panel === 'thumbnails' ? <ThumbnailPanel /> : <OutlinePanel />}
    </aside>
  );
}
