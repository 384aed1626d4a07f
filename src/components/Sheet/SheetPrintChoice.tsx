import { Modal } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app';
import { printActions } from '../../models/print';
import { parsePageRange } from '../../services/print';
import { useMessages } from '../../i18n';
import { printMessages } from '../Print/messages';
import { PageChoice } from '../Print/PageChoice';

/**
 * A grid's print choice (docs/decisions/2026-12-07-sheet-comments-and-drawings.md): once the
 * facility has made the workbook's pages, all of them or a range, before any is drawn. Print
 * goes on with the print model's job (`pagesChosen`); Cancel stops it. The pages view's own
 * dialog offers the same choice before its job starts (PrintDialog.tsx).
 */
export function SheetPrintChoice() {
  const t = useMessages(printMessages);
  const dispatch = useAppDispatch();
  const { status, choice, rangeText, sheetPageCount } = useAppSelector((state) => state.print);
  if (status !== 'choosing') return null;
  const ranged = choice === 'range';
  const range = parsePageRange(rangeText, sheetPageCount);
  const ready = !ranged || range.ok;
  const rangeError = ranged && !range.ok && range.error.kind !== 'empty' ? range.error : undefined;
  const start = () => {
    if (ready) dispatch(printActions.pagesChosen());
  };
  return (
    <Modal
      open
      title={t('print.dialogTitle')}
      okText={t('print.ok')}
      cancelText={t('print.cancel')}
      onOk={start}
      onCancel={() => dispatch(printActions.cancel())}
      okButtonProps={{ disabled: !ready }}
      destroyOnHidden
    >
      <PageChoice
        choice={ranged ? 'range' : 'all'}
        pageCount={sheetPageCount}
        rangeText={rangeText}
        rangeError={rangeError}
        onPrint={start}
      />
    </Modal>
  );
}
