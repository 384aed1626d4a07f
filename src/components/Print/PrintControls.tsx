import { PrinterOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { printModel, selectPrintAllowed } from '../../models/print';
import { useT } from '../../i18n';
import { ToolButton } from '../HeaderBar/ToolButton';
import { PrintDialog } from './PrintDialog';

/**
 * The toolbar's `Print` control (DESIGN §5, §5b `print`) and its dialog: absent when the policy
 * forbids printing.
 */
export function PrintControls() {
  const t = useT();
  const dispatch = useAppDispatch();
  const allowed = useAppSelector(selectPrintAllowed);
  if (!allowed) return null;
  return (
    <>
      <ToolButton
        label={t('print.print')}
        icon={<PrinterOutlined />}
        onClick={() => dispatch(printModel.actions.openDialog())}
      />
      <PrintDialog />
    </>
  );
}
