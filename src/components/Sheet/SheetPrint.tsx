import { PrinterOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { printActions, selectPrintAllowed } from '../../models/print';
import { isPrintBusy } from '../../models/print/state';
import { useMessages } from '../../i18n';
import { ToolButton } from '../common/ToolButton';
import { printMessages } from '../Print/messages';
import { sheetMessages } from './messages';
import { SheetPrintChoice } from './SheetPrintChoice';
// What prints outside and during a print job: only the job's pages.
import '../Print/Print.css';

/**
 * A grid's `Print` control (contracts §5b `print`; docs/decisions/2026-12-06-sheet-print.md):
 * absent when the policy forbids printing. It starts the print model's job at once (the pages are
 * the workbook's, made by the facility when asked; then all of them or a range, SheetPrintChoice)
 * and says how far it is — the pages being made, then drawn `i / n` — with a Cancel that stops it.
 */
export function SheetPrint() {
  const t = useMessages(printMessages);
  const s = useMessages(sheetMessages);
  const dispatch = useAppDispatch();
  const allowed = useAppSelector(selectPrintAllowed);
  const { status, progress } = useAppSelector((state) => state.print);
  if (!allowed) return null;
  const busy = isPrintBusy({ status });
  return (
    <>
      <ToolButton
        label={t('print.print')}
        icon={<PrinterOutlined />}
        loading={busy}
        disabled={busy}
        onClick={() => {
          void dispatch(printActions.print());
        }}
      />
      {status === 'rendering' && (
        <span role="status" className="folio-sheet-print-status">
          {progress.total === 0
            ? s('sheet.printMaking')
            : t('print.progress', { done: progress.done, total: progress.total })}
          <button
            type="button"
            className="folio-sheet-print-cancel"
            onClick={() => dispatch(printActions.cancel())}
          >
            {t('print.cancel')}
          </button>
        </span>
      )}
      <SheetPrintChoice />
      {status === 'failed' && (
        <span role="alert" className="folio-sheet-print-status">
          {t('print.failed')}
        </span>
      )}
    </>
  );
}
