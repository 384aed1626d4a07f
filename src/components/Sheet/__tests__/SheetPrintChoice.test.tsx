/**
 * A grid's print choice (docs/decisions/2026-12-07-sheet-comments-and-drawings.md): shown only
 * while the print job waits for it; the page count offered; a range checked as it is typed, its
 * fault said in the reader's language with Print disabled; Print and Cancel go to the print model.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { printActions } from '../../../models/print';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Locale } from '../../../i18n';
import type { AnyAction } from '../../../runtime';
import { SheetPrintChoice } from '../SheetPrintChoice';

/** The choice rendered, its job waiting for `count` pages; the actions dispatched, recorded. */
async function choosing(locale: Locale, count: number) {
  const shown = renderWithProviders(<SheetPrintChoice />, { locale });
  const actions: AnyAction[] = [];
  const dispatch = shown.app.store.dispatch;
  jest.spyOn(shown.app.store, 'dispatch').mockImplementation((action: AnyAction) => {
    actions.push(action);
    return dispatch(action);
  });
  act(() => {
    shown.app.dispatch(printActions.choosing(count));
  });
  return { ...shown, actions, dialog: await screen.findByRole('dialog') };
}

describe('SheetPrintChoice', () => {
  it('is absent unless the job waits for a choice', () => {
    renderWithProviders(<SheetPrintChoice />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each<[Locale, RegExp, RegExp, string]>([
    ['en', /All pages \(7\)/, /^Page 9 is past the end: this document has 7 pages\.$/, 'Print'],
    ['zh-CN', /全部页面（7 页）/, /^第 9 页超出范围：本文档共 7 页。$/, '打印'],
  ])(
    '%s: offers the pages, refuses a range past the end, prints a good one',
    async (locale, all, fault, ok) => {
      const { app, user, actions, dialog } = await choosing(locale, 7);
      expect(dialog.textContent).toMatch(all);
      const range = screen.getByRole('textbox');
      await user.type(range, '2-9');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(fault);
      const print = screen.getByRole('button', { name: ok });
      expect(print).toBeDisabled();
      // Enter on a bad range starts nothing either.
      await user.type(range, '{Enter}');
      expect(actions.some((action) => printActions.pagesChosen.match(action))).toBe(false);
      await user.clear(range);
      await user.type(range, '2-3,5');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(app.getState().print).toMatchObject({ choice: 'range', rangeText: '2-3,5' });
      expect(print).toBeEnabled();
      await user.click(print);
      expect(actions.filter((action) => printActions.pagesChosen.match(action))).toHaveLength(1);
    },
  );

  it('Cancel stops the job', async () => {
    const { app, user } = await choosing('en', 3);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(app.getState().print.status).toBe('idle');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
