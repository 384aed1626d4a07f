import { Alert, Modal, Progress, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { pagesToPrint, printActions, selectPrintAllowed } from '../../models/print';
import { useMessages } from '../../i18n';
import { printMessages } from './messages';
import { useOpenedOnce } from '../common/useOpenedOnce';
import { PageChoice } from './PageChoice';

/**
 * The print dialog (behaviour.md, "The facility's policy"), only while printing is allowed: all pages, the current page or a range; while the pages are drawn,
 * a progress bar `i / n`, and Cancel stops the job at once. The job is the print model's `print`
 * effect, given the open document.
 */
export function PrintDialog() {
  const t = useMessages(printMessages);
  const dispatch = useAppDispatch();
  // pdf.js has the document on screen: its pages can be drawn for printing.
  const engine = useAppSelector((s) => s.viewer.engine > 0);
  const allowed = useAppSelector(selectPrintAllowed);
  const print = useAppSelector((state) => state.print);
  const pageCount = useAppSelector((state) => state.doc.docData.pageCount);
  const currentPage = useAppSelector((state) => state.doc.currentPage);
  const { dialogOpen, choice, rangeText, status, progress, failedPage } = print;
  const pages = useMemo(
    () => pagesToPrint({ choice, rangeText }, pageCount, currentPage),
    [choice, rangeText, pageCount, currentPage],
  );
  const rendering = status === 'rendering';

  const start = () => {
    if (engine && pages.ok && !rendering) void dispatch(printActions.print());
  };
  const stop = () => {
    dispatch(rendering ? printActions.cancel() : printActions.closeDialog());
  };
  // An empty range only disables Print; the reader has not typed anything wrong yet.
  const rangeError =
    choice === 'range' && !pages.ok && pages.error.kind !== 'empty' ? pages.error : undefined;
  const open = dialogOpen && allowed;
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;

  return (
    <Modal
      open={open}
      title={t('print.dialogTitle')}
      okText={t('print.ok')}
      cancelText={t('print.cancel')}
      onOk={start}
      onCancel={stop}
      // Busy while the pages are drawn: inactive to assistive technology too, not only faded.
      okButtonProps={{
        disabled: !pages.ok || !engine,
        loading: rendering,
        'aria-disabled': rendering || undefined,
      }}
      mask={{ closable: !rendering }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <PageChoice
          choice={choice}
          pageCount={pageCount}
          currentPage={currentPage}
          rangeText={rangeText}
          rangeError={rangeError}
          disabled={rendering}
          onPrint={start}
        />
        {rendering && (
          <div role="status">
            <Typography.Text>{t('print.preparing')}</Typography.Text>
            <Progress
              percent={Math.round((100 * progress.done) / Math.max(1, progress.total))}
              format={() => t('print.progress', { done: progress.done, total: progress.total })}
              status="active"
              aria-label={t('print.preparing')}
            />
          </div>
        )}
        {status === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={
              failedPage === undefined
                ? t('print.failed')
                : t('print.failedPage', { page: failedPage })
            }
          />
        )}
      </Space>
    </Modal>
  );
}
