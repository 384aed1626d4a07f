import { Input, Radio, Space, Typography } from 'antd';
import { useAppDispatch } from '../../app';
import { printActions } from '../../models/print';
import type { PrintChoice } from '../../models/print';
import type { RangeError } from '../../services/print';
import { useMessages } from '../../i18n';
import { printMessages } from './messages';
import { rangeMessage } from './rangeMessage';

export interface PageChoiceProps {
  choice: PrintChoice;
  pageCount: number;
  /** Offered as a choice of its own when given; a grid has no current page. */
  currentPage?: number;
  rangeText: string;
  /** Why the typed range names no page; an empty range only disables Print and is not shown. */
  rangeError: RangeError | undefined;
  /** While the pages are drawn. */
  disabled?: boolean;
  /** Enter in the range box: what Print does. */
  onPrint: () => void;
}

/**
 * Which pages to print, the print model's `choice` and `rangeText`: all, the current page or a
 * range (both print dialogs: PrintDialog.tsx, Sheet/SheetPrintChoice.tsx).
 */
export function PageChoice({
  choice,
  pageCount,
  currentPage,
  rangeText,
  rangeError,
  disabled,
  onPrint,
}: PageChoiceProps) {
  const t = useMessages(printMessages);
  const dispatch = useAppDispatch();
  const setChoice = (next: PrintChoice) => dispatch(printActions.setChoice(next));
  // One block of its own: the error line goes under the choice, not after it on the same line.
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Radio.Group
        value={choice}
        disabled={disabled}
        aria-label={t('print.pages')}
        onChange={(event) => setChoice(event.target.value as PrintChoice)}
      >
        <Space orientation="vertical">
          <Radio value="all">{t('print.all', { count: pageCount })}</Radio>
          {currentPage !== undefined && (
            <Radio value="current">{t('print.current', { page: currentPage })}</Radio>
          )}
          <Radio value="range">
            <Space>
              {t('print.range')}
              <Input
                aria-label={t('print.rangeLabel')}
                placeholder={t('print.rangePlaceholder')}
                value={rangeText}
                disabled={disabled}
                status={rangeError ? 'error' : undefined}
                // A click into the box or typing picks the range; Tab passing through on its
                // way to Print does not (it would disable Print with an empty range).
                onPointerDown={() => setChoice('range')}
                onChange={(event) => dispatch(printActions.setRangeText(event.target.value))}
                onPressEnter={onPrint}
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
  );
}
