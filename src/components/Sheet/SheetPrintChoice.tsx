import { Input, Modal, Radio, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app';
import { printActions } from '../../models/print';
import { parsePageRange } from '../../services/print';
import { useMessages } from '../../i18n';
import { printMessages } from '../Print/messages';
import { rangeMessage } from '../Print/rangeMessage';

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
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={ranged ? 'range' : 'all'}
          aria-label={t('print.pages')}
          onChange={(event) =>
            dispatch(printActions.setChoice(event.target.value === 'range' ? 'range' : 'all'))
          }
        >
          <Space orientation="vertical">
            <Radio value="all">{t('print.all', { count: sheetPageCount })}</Radio>
            <Radio value="range">
              <Space>
                {t('print.range')}
                <Input
                  aria-label={t('print.rangeLabel')}
                  placeholder={t('print.rangePlaceholder')}
                  value={rangeText}
                  status={rangeError ? 'error' : undefined}
                  onPointerDown={() => dispatch(printActions.setChoice('range'))}
                  onChange={(event) => dispatch(printActions.setRangeText(event.target.value))}
                  onPressEnter={start}
                />
              </Space>
            </Radio>
          </Space>
        </Radio.Group>
        {rangeError && (
          <Typography.Text type="danger" role="alert">
            {rangeMessage(t, rangeError)}
          </Typography.Text>
        )}
      </Space>
    </Modal>
  );
}
