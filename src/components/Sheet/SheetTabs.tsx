import type { KeyboardEvent } from 'react';
import { useAppDispatch } from '../../app';
import { useMessages } from '../../i18n';
import type { SheetBook } from '../../domain/sheet';
import { sheetActions } from '../../models/sheet';
import { sheetMessages } from './messages';

/**
 * The workbook's sheets as tabs (WAI-ARIA tabs, hidden sheets left out): one tab stop, ← → and
 * Home/End move between them, as Ctrl+Page Up/Down does in a spreadsheet.
 */
export function SheetTabs({ book, active }: { book: SheetBook; active: number }) {
  const t = useMessages(sheetMessages);
  const dispatch = useAppDispatch();
  const shown = book.sheets.flatMap((sheet, index) => (sheet.hidden ? [] : [{ sheet, index }]));
  const at = Math.max(
    0,
    shown.findIndex((item) => item.index === active),
  );
  const show = (position: number) => {
    const next = shown.at(((position % shown.length) + shown.length) % shown.length);
    if (next === undefined) return;
    dispatch(sheetActions.showSheet(next.index));
    document.getElementById(`folio-sheet-tab-${String(next.index)}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number | undefined> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: shown.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to);
  };
  return (
    <div
      role="tablist"
      aria-label={t('sheet.tabs')}
      className="folio-sheet-tabs"
      onKeyDown={onKeyDown}
    >
      {shown.map(({ sheet, index }) => (
        <button
          key={index}
          id={`folio-sheet-tab-${String(index)}`}
          type="button"
          role="tab"
          aria-selected={index === active}
          aria-controls="folio-sheet-panel"
          tabIndex={index === active ? 0 : -1}
          className="folio-sheet-tab"
          onClick={() => {
            dispatch(sheetActions.showSheet(index));
          }}
        >
          {sheet.name}
        </button>
      ))}
    </div>
  );
}
