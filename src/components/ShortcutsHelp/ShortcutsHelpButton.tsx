import { QuestionCircleOutlined } from '@ant-design/icons';
import { useAppDispatch } from '../../app';
import { shortcutsHelpActions } from '../../models/shortcutsHelp';
import { useMessages } from '../../i18n';
import { shortcutsMessages } from './messages';
import { ToolButton } from '../common/ToolButton';

/** The visible way to the help: a toolbar control (on phones, a row of the mobile menu). */
export function ShortcutsHelpButton() {
  const t = useMessages(shortcutsMessages);
  const dispatch = useAppDispatch();
  return (
    <ToolButton
      label={t('shortcuts.title')}
      icon={<QuestionCircleOutlined />}
      onClick={() => dispatch(shortcutsHelpActions.setOpen(true))}
    />
  );
}
