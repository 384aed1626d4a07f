/**
 * The search model (behaviour.md, "Search") on a real app: reducers through its action creators, and the keyboard
 * subscription with real KeyboardEvents on the window, as in the browser.
 */
import { searchActions } from '..';
import { MAX_QUERY_LENGTH, searchShortcut } from '..';
import { pdfFinder } from '../../../services/pdf/find';
import { createTestApp } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';

function start(doc: PreloadedDoc = { docData: { param: { showSearch: true } } }) {
  const app = createTestApp({ doc });
  return { app, search: () => app.getState().search };
}

function press(key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => {
  jest.restoreAllMocks();
  document.body.replaceChildren();
});

describe('search model: reducers', () => {
  it('follows pdf.js: a new search shows nothing of the last, a step keeps its place', () => {
    const { app, search } = start();
    const found = { state: 'found', current: 2, total: 9, selectedId: '3:40' } as const;
    app.dispatch(searchActions.findSettled(found));
    app.dispatch(searchActions.findPending(false));
    expect(search().status).toEqual({ ...found, state: 'pending' });
    app.dispatch(searchActions.findCounted({ current: 3, total: 9, selectedId: '3:70' }));
    expect(search().status).toEqual({ state: 'pending', current: 3, total: 9, selectedId: '3:70' });
    app.dispatch(searchActions.findPending(true));
    expect(search().status).toEqual({
      state: 'pending',
      current: 0,
      total: 0,
      selectedId: undefined,
    });
  });

  it('starts closed, empty, case-insensitive and not whole-word', () => {
    const { search } = start();
    expect(search()).toMatchObject({
      open: false,
      query: '',
      caseSensitive: false,
      entireWord: false,
    });
  });

  it('open asks for the keyboard each time; close keeps the query', () => {
    const { app, search } = start();
    app.dispatch(searchActions.open());
    expect(search()).toMatchObject({ open: true, focusRequest: 1 });
    app.dispatch(searchActions.setQuery('trace'));
    app.dispatch(searchActions.open());
    expect(search()).toMatchObject({ open: true, focusRequest: 2, query: 'trace' });
    app.dispatch(searchActions.close());
    expect(search()).toMatchObject({ open: false, query: 'trace' });
  });

  it('toggle opens a closed bar and closes an open one', () => {
    const { app, search } = start();
    app.dispatch(searchActions.toggle());
    expect(search().open).toBe(true);
    app.dispatch(searchActions.toggle());
    expect(search().open).toBe(false);
  });

  it('openWith opens on a query (the #search= deep link), capped, without asking for the keyboard', () => {
    const { app, search } = start();
    app.dispatch(searchActions.openWith('x'.repeat(MAX_QUERY_LENGTH + 10)));
    expect(search()).toMatchObject({ open: true, openedByLink: true, focusRequest: 0 });
    expect(search().query).toHaveLength(MAX_QUERY_LENGTH);
    app.dispatch(searchActions.open());
    expect(search()).toMatchObject({ openedByLink: false, focusRequest: 1 });
  });

  it('match case and whole words are set explicitly', () => {
    const { app, search } = start();
    app.dispatch(searchActions.setCaseSensitive(true));
    app.dispatch(searchActions.setEntireWord(true));
    expect(search()).toMatchObject({ caseSensitive: true, entireWord: true });
  });

  it('findNext / findPrevious step pdf.js’s search; on a closed bar they open it with the keyboard', () => {
    const { app, search } = start();
    const step = jest.spyOn(pdfFinder, 'step');
    app.dispatch(searchActions.findNext());
    expect(search()).toMatchObject({ open: true, focusRequest: 1 });
    app.dispatch(searchActions.findPrevious());
    expect(search()).toMatchObject({ open: true, focusRequest: 1 });
    expect(step.mock.calls).toEqual([[false], [true]]);
  });
});

describe('search model: keyboard', () => {
  it.each<[string, KeyboardEventInit]>([
    ['Ctrl+F', { ctrlKey: true }],
    ['⌘+F', { metaKey: true }],
  ])('%s opens the find bar instead of the browser’s', (_, modifiers) => {
    const { search } = start();
    const event = press('f', modifiers);
    expect(event.defaultPrevented).toBe(true);
    expect(search().open).toBe(true);
  });

  it('Ctrl+F also works from an input (the search box, the page number)', () => {
    const { search } = start();
    const input = document.body.appendChild(document.createElement('input'));
    expect(press('f', { ctrlKey: true }, input).defaultPrevented).toBe(true);
    expect(search().focusRequest).toBe(1);
  });

  it('with showSearch off (the default) Ctrl+F and F3 stay the browser’s', () => {
    const { search } = start({});
    expect(press('f', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press('F3').defaultPrevented).toBe(false);
    expect(search().open).toBe(false);
  });

  it('while no document is shown Ctrl+F stays the browser’s', () => {
    const { search } = start({ status: 'error', docData: { param: { showSearch: true } } });
    expect(press('f', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(search().open).toBe(false);
  });

  it.each<[string, string, KeyboardEventInit, boolean]>([
    ['F3', 'F3', {}, false],
    ['Shift+F3', 'F3', { shiftKey: true }, true],
    ['Ctrl+G', 'g', { ctrlKey: true }, false],
    ['Ctrl+Shift+G', 'G', { ctrlKey: true, shiftKey: true }, true],
  ])('%s steps to the next or previous match', (_, key, modifiers, previous) => {
    start();
    const step = jest.spyOn(pdfFinder, 'step');
    expect(press(key, modifiers).defaultPrevented).toBe(true);
    expect(step.mock.calls).toEqual([[previous]]);
  });

  it.each<[string, string, KeyboardEventInit]>([
    ['Ctrl+Shift+F', 'F', { ctrlKey: true, shiftKey: true }],
    ['Ctrl+Alt+F', 'f', { ctrlKey: true, altKey: true }],
    ['Ctrl+⌘+F', 'f', { ctrlKey: true, metaKey: true }],
    ['plain f', 'f', {}],
    ['Ctrl+F3', 'F3', { ctrlKey: true }],
  ])('%s is not a search shortcut', (_, key, modifiers) => {
    expect(
      searchShortcut({
        key,
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        shiftKey: false,
        ...modifiers,
      }),
    ).toBeUndefined();
  });

  it('leaves a key another handler already claimed', () => {
    const { search } = start();
    const event = new KeyboardEvent('keydown', {
      key: 'f',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    event.preventDefault();
    window.dispatchEvent(event);
    expect(search().open).toBe(false);
  });
});
