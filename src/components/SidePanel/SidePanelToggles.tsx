import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import { selectParam } from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { panelsMessages } from './messages';
import { ToolButton } from '../common/ToolButton';

/**
 * The toolbar's `Thumbnails` and `Outline` toggles (contracts §5), each present only with its flag
 * (`showThumb`, `showList`) and pressed while its panel is open.
 */
export function SidePanelToggles() {
  const t = useMessages(panelsMessages);
  const dispatch = useAppDispatch();
  const { showThumb, showList } = useAppSelector(selectParam);
  const showThumbnail = useAppSelector((s) => s.doc.showThumbnail);
  const showOutline = useAppSelector((s) => s.doc.showOutline);
  if (!showThumb && !showList) return null;
  return (
    <>
      {showThumb && (
        <ToolButton
          label={t('panels.thumbnails')}
          icon={<AppstoreOutlined />}
          pressed={showThumbnail}
          onClick={() => dispatch(docActions.toggleThumbnail())}
        />
      )}
      {showList && (
        <ToolButton
          label={t('panels.outline')}
          icon={<UnorderedListOutlined />}
          pressed={showOutline}
          onClick={() => dispatch(docActions.toggleOutline())}
        />
      )}
    </>
  );
}
