import { PrinterOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { printActions, selectPrintAllowed } from '../../models/print';
import { useMessages } from '../../i18n';
import { printMessages } from './messages';
import { ToolButton } from '../common/ToolButton';
// Print media rules for the whole viewer (what prints outside and during a print job), with the
// button that starts one.
import './Print.css';

/**
 * The toolbar's `Print` control (contracts §5, §5b `print`): absent when the policy forbids printing.
 * It opens PrintDialog, which lives outside the toolbar (on a phone the toolbar's controls are in
 * the mobile menu's drawer, which renders nothing until first opened, and Ctrl/⌘+P needs the
 * dialog too).
 */
export function PrintControls() {
  const t = useMessages(printMessages);
  const dispatch = useAppDispatch();
  const allowed = useAppSelector(selectPrintAllowed);
  if (!allowed) return null;
  return (
    <ToolButton
      label={t('print.print')}
      icon={<PrinterOutlined />}
      onClick={() => dispatch(printActions.openDialog())}
    />
  );
}
