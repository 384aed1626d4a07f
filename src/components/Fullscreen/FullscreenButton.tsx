import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';
import { useMessages } from '../../i18n';
import { fullscreenMessages } from './messages';
import { ToolButton } from '../common/ToolButton';

/** The `Fullscreen` control, present when the facility's `fullScreen` flag is on. */
export function FullscreenButton() {
  const t = useMessages(fullscreenMessages);
  const dispatch = useAppDispatch();
  const allowed = useAppSelector((state) => state.doc.docData.param.fullScreen);
  const active = useAppSelector((state) => state.doc.showFullscreen);
  if (!allowed) return null;
  const label = t('fullscreen.label');
  return (
    <ToolButton
      label={label}
      tooltip={active ? t('fullscreen.exit') : label}
      pressed={active}
      icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={() => {
        dispatch(docActions.toggleFullscreen());
      }}
    />
  );
}
