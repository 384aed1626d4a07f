/** Ctrl/⌘+P (behaviour.md, "The facility's policy"): our print dialog when `print` allows it, swallowed when it is off. */
import { waitFor } from '@testing-library/react';
import { isPrintShortcut } from '..';
import { createTestApp } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';

function press(init: KeyboardEventInit) {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(event);
  return event;
}

describe('isPrintShortcut', () => {
  it.each<[KeyboardEventInit, boolean]>([
    [{ key: 'p', code: 'KeyP', ctrlKey: true }, true],
    [{ key: 'p', code: 'KeyP', metaKey: true }, true],
    [{ key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true }, true],
    [{ key: 'з', code: 'KeyP', ctrlKey: true }, true],
    [{ key: 'p', code: 'KeyP' }, false],
    [{ key: 'p', code: 'KeyP', ctrlKey: true, altKey: true }, false],
    [{ key: 'p', code: 'KeyP', ctrlKey: true, metaKey: true }, false],
    [{ key: 'o', code: 'KeyO', ctrlKey: true }, false],
  ])('%j → %s', (init, expected) => {
    expect(isPrintShortcut(new KeyboardEvent('keydown', init))).toBe(expected);
  });
});

describe('Ctrl/⌘+P', () => {
  it.each<[string, PreloadedDoc | undefined, boolean, boolean]>([
    ['print on: our dialog opens', {}, true, true],
    ['print off: swallowed, nothing opens', { docData: { param: { print: false } } }, true, false],
    ['no document yet: the browser’s', undefined, false, false],
    [
      'a listing: nothing to print, swallowed',
      { docData: { view: 'listing', pageCount: 0, param: { print: true } } },
      true,
      false,
    ],
  ])('%s', (_case, doc, prevented, dialogOpen) => {
    const app = createTestApp(doc ? { doc } : {});
    const event = press({ key: 'p', code: 'KeyP', ctrlKey: true });
    expect(event.defaultPrevented).toBe(prevented);
    expect(app.getState().print.dialogOpen).toBe(dialogOpen);
  });

  it('a grid: its print job starts at once (its pages whole, the browser’s dialog chooses)', async () => {
    const app = createTestApp({
      doc: { docId: 'book.xlsx', docData: { view: 'sheet', pageCount: 0, param: { print: true } } },
    });
    const event = press({ key: 'p', code: 'KeyP', ctrlKey: true });
    expect(event.defaultPrevented).toBe(true);
    expect(app.getState().print.dialogOpen).toBe(false);
    // The job asks the facility for the pages; with none here it ends as failed, nothing printed.
    expect(app.getState().print.status).toBe('rendering');
    await waitFor(() => {
      expect(app.getState().print.status).toBe('failed');
    });
  });

  it('a held key opens the dialog once', () => {
    const app = createTestApp({ doc: {} });
    press({ key: 'p', code: 'KeyP', ctrlKey: true, repeat: true });
    expect(app.getState().print.dialogOpen).toBe(false);
  });
});
