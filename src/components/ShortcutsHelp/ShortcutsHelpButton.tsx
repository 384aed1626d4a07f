import { QuestionCircleOutlined } from '@ant-design/icons';
import { useAppDispatch } from '../../app';
import { shortcutsHelpActions } from '../../models/shortcutsHelp';
import { useT } from '../../i18n';
import { ToolButton } from '../common/ToolButton';

/** The visible way to the help: a toolbar control (on phones, a row of the mobile menu). */
export function ShortcutsHelpButton() {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <ToolButton
      label={t('shortcuts.title')}
      icon={<QuestionCircleOutlined />}
      onClick={() => dispatch(shortcutsHelpActions.setOpen(true))}
    />
  );
}
