import { screen } from '@testing-library/react';
import { ShortcutsHelp } from '..';
import { shortcutAction } from '../../../models/doc/keys/subscriptions';
import { shortcutsHelpActions } from '../../../models/shortcutsHelp';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { shortcutRows } from '../shortcutRows';

const keys = { ctrlKey: false, metaKey: false, altKey: false };

describe('the ? shortcut', () => {
  it('opens the help with or without Shift, not with Ctrl, ⌘ or Alt', () => {
    const open = shortcutsHelpActions.setOpen(true);
    expect(shortcutAction({ key: '?', shiftKey: true, ...keys })).toEqual(open);
    expect(shortcutAction({ key: '?', shiftKey: false, ...keys })).toEqual(open);
    expect(shortcutAction({ key: '?', shiftKey: true, ...keys, ctrlKey: true })).toBeUndefined();
    expect(shortcutAction({ key: '?', shiftKey: true, ...keys, altKey: true })).toBeUndefined();
  });
});

describe('shortcutRows', () => {
  it("lists every key the doc model's handler acts on, each doing what its line says", () => {
    const rows = shortcutRows({ showSearch: false, download: false, print: false });
    expect(rows.map((row) => row.id)).toEqual([
      'previousPage',
      'nextPage',
      'firstPage',
      'lastPage',
      'zoomIn',
      'zoomOut',
      'zoomReset',
      'close',
      'help',
    ]);
    expect(rows.find((row) => row.id === 'nextPage')?.keys).toEqual([['→'], ['PgDn']]);
    expect(rows.find((row) => row.id === 'zoomIn')?.keys).toEqual([
      ['Ctrl/⌘', '+'],
      ['Ctrl/⌘', '='],
    ]);
  });

  it('lists search, download and print keys only when their feature is on', () => {
    const ids = shortcutRows({ showSearch: true, download: true, print: true }).map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining(['search', 'findNext', 'findPrevious', 'download', 'print']),
    );
  });
});

describe('ShortcutsHelp', () => {
  it.each([
    ['en', 'Keyboard shortcuts', 'Last page'],
    ['zh-CN', '键盘快捷键', '最后一页'],
  ] as const)('shows the list in %s while open', (locale, title, line) => {
    const { app } = renderWithProviders(<ShortcutsHelp />, { locale });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    app.dispatch(shortcutsHelpActions.setOpen(true));
    return screen.findByRole('dialog', { name: title }).then((dialog) => {
      expect(dialog).toHaveTextContent(line);
      expect(dialog).toHaveTextContent('PgUp');
    });
  });
});
