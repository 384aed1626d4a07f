/**
 * Keyboard shortcuts (behaviour.md, "The reading view") on a real app: the doc model's subscription listens on the window,
 * as it does in the browser; events are real KeyboardEvents dispatched at real elements.
 */
import { docActions } from '../..';
import { LAST_PAGE, shortcutAction } from '../subscriptions';
import { createTestApp } from '../../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../../test/renderWithProviders';

function start(doc: PreloadedDoc = {}) {
  const app = createTestApp({ doc: { currentPage: 5, docData: { pageCount: 10 }, ...doc } });
  return { app, doc: () => app.getState().doc };
}

function press(
  key: string,
  init: KeyboardEventInit = {},
  target: EventTarget = document.body,
): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('keyboard: page keys', () => {
  it.each([
    ['ArrowLeft', 4],
    ['PageUp', 4],
    ['ArrowRight', 6],
    ['PageDown', 6],
    ['Home', 1],
    ['End', 10],
  ])('%s goes to page %p, and the browser does not act on it', (key, page) => {
    const { doc } = start();
    const event = press(key);
    expect(doc().currentPage).toBe(page);
    expect(event.defaultPrevented).toBe(true);
  });

  it('spec §4: the first and last pages stop the page keys', () => {
    const { doc } = start({ currentPage: 1 });
    press('ArrowLeft');
    press('PageUp');
    expect(doc().currentPage).toBe(1);
    press('End');
    press('ArrowRight');
    press('PageDown');
    expect(doc().currentPage).toBe(10);
  });

  it('End asks for a page past any end, which setPage clamps to the last page', () => {
    expect(
      shortcutAction({
        key: 'End',
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        shiftKey: false,
      }),
    ).toEqual(docActions.setPage(LAST_PAGE));
  });

  it.each(['ArrowUp', 'ArrowDown', ' ', 'a'])('%s stays native scrolling / typing', (key) => {
    const { doc } = start();
    const event = press(key);
    expect(doc().currentPage).toBe(5);
    expect(event.defaultPrevented).toBe(false);
  });

  it.each<[string, KeyboardEventInit]>([
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
  ])('page keys with %s held are left to the browser', (_, modifiers) => {
    const { doc } = start();
    for (const key of ['ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End']) {
      expect(press(key, modifiers).defaultPrevented).toBe(false);
    }
    expect(doc().currentPage).toBe(5);
  });
});

describe('keyboard: zoom keys', () => {
  it.each<[string, KeyboardEventInit, number]>([
    ['Ctrl +', { key: '+', ctrlKey: true }, 1.2],
    ['Ctrl Shift + (US layout)', { key: '+', ctrlKey: true, shiftKey: true }, 1.2],
    ['Ctrl =', { key: '=', ctrlKey: true }, 1.2],
    ['⌘ =', { key: '=', metaKey: true }, 1.2],
    ['Ctrl -', { key: '-', ctrlKey: true }, 0.8],
    ['⌘ -', { key: '-', metaKey: true }, 0.8],
  ])('%s zooms to %p instead of the browser', (_, init, zoom) => {
    const { doc } = start();
    const event = press(init.key ?? '', init);
    expect(doc().zoom).toBe(zoom);
    expect(event.defaultPrevented).toBe(true);
  });

  it.each<[string, KeyboardEventInit]>([
    ['Ctrl 0', { ctrlKey: true }],
    ['⌘ 0', { metaKey: true }],
  ])('%s goes back to 100 %%', (_, modifiers) => {
    const { doc } = start({ zoom: 1.6 });
    const event = press('0', modifiers);
    expect(doc().zoom).toBe(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('spec §5: zoom keys stop at the ratios', () => {
    const { doc } = start({ zoom: 1.8 });
    press('=', { ctrlKey: true });
    press('=', { ctrlKey: true });
    expect(doc().zoom).toBe(2);
    press('0', { ctrlKey: true });
    for (let i = 0; i < 6; i += 1) press('-', { ctrlKey: true });
    expect(doc().zoom).toBe(0.2);
  });

  it.each<[string, KeyboardEventInit]>([
    ['without Ctrl/⌘', { key: '=' }],
    ['with Alt', { key: '=', ctrlKey: true, altKey: true }],
    ['with Shift (other than +)', { key: '-', ctrlKey: true, shiftKey: true }],
    ['with Ctrl and ⌘', { key: '0', ctrlKey: true, metaKey: true }],
  ])('a zoom key %s is left to the browser', (_, init) => {
    const { doc } = start({ zoom: 1.4 });
    expect(press(init.key ?? '', init).defaultPrevented).toBe(false);
    expect(doc().zoom).toBe(1.4);
  });
});

describe('keyboard: where the focus is', () => {
  function focused(html: string): HTMLElement {
    // Parsed apart from the page, then moved in: no markup is written into the document.
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    document.body.replaceChildren(...parsed.body.childNodes);
    const element = document.body.querySelector<HTMLElement>('[data-focus]');
    if (!element) throw new Error('no [data-focus] element');
    element.focus();
    return element;
  }

  it.each([
    ['an input', '<input data-focus>'],
    ['a textarea', '<textarea data-focus></textarea>'],
    ['a select', '<select data-focus><option>a</option></select>'],
    [
      'a contenteditable element',
      '<div contenteditable="true"><p data-focus tabindex="0">x</p></div>',
    ],
  ])('in %s every key is left alone', (_, html) => {
    const { doc } = start({ zoom: 1.4 });
    const target = focused(html);
    for (const [key, init] of [
      ['ArrowLeft', {}],
      ['End', {}],
      ['=', { ctrlKey: true }],
      ['0', { ctrlKey: true }],
    ] as const) {
      expect(press(key, init, target).defaultPrevented).toBe(false);
    }
    expect(doc().currentPage).toBe(5);
    expect(doc().zoom).toBe(1.4);
  });

  it('contenteditable="false" is not editable', () => {
    const { doc } = start();
    press(
      'ArrowRight',
      {},
      focused('<div contenteditable="false" data-focus tabindex="0">x</div>'),
    );
    expect(doc().currentPage).toBe(6);
  });

  it('a button or the page itself takes the shortcuts', () => {
    const { doc } = start();
    press('ArrowRight', {}, focused('<button data-focus>Next page</button>'));
    press('PageDown', {}, document.body);
    expect(doc().currentPage).toBe(7);
  });

  it('widgets that move their own focus with arrows (the outline tree) keep page keys, not zoom keys', () => {
    const { doc } = start();
    const item = focused(
      '<ul role="tree"><li role="treeitem" tabindex="0" data-focus>Intro</li></ul>',
    );
    expect(press('ArrowRight', {}, item).defaultPrevented).toBe(false);
    expect(press('Home', {}, item).defaultPrevented).toBe(false);
    expect(doc().currentPage).toBe(5);
    expect(press('=', { ctrlKey: true }, item).defaultPrevented).toBe(true);
    expect(doc().zoom).toBe(1.2);
  });

  it('an event another handler already took is left alone', () => {
    const { doc } = start();
    const button = focused('<button data-focus>x</button>');
    button.addEventListener('keydown', (event) => {
      event.preventDefault();
    });
    press('ArrowRight', {}, button);
    expect(doc().currentPage).toBe(5);
  });

  it('keys that compose text (IME) are left alone', () => {
    const { doc } = start();
    press('ArrowRight', { isComposing: true });
    expect(doc().currentPage).toBe(5);
  });
});

describe('keyboard: only while a document is shown', () => {
  it.each(['loading', 'converting', 'error'] as const)(
    'status %s: Ctrl/⌘ + stays the browser zoom, arrows do nothing',
    (status) => {
      const { doc } = start({ status });
      expect(press('=', { ctrlKey: true }).defaultPrevented).toBe(false);
      expect(press('ArrowRight').defaultPrevented).toBe(false);
      expect(doc().zoom).toBe(1);
    },
  );

  it('a listing (no pages): Ctrl/⌘ + stays the browser zoom, Home and End scroll the list', () => {
    const { doc } = start({ docData: { pageCount: 0, view: 'listing' } });
    expect(press('=', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press('End').defaultPrevented).toBe(false);
    expect(doc().zoom).toBe(1);
  });

  it('no document at all (the empty state): nothing is claimed', () => {
    const app = createTestApp();
    expect(press('=', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(app.getState().doc.zoom).toBe(1);
  });

  it('contracts §1: removing the model removes its listener', () => {
    const { app } = start();
    const remove = jest.spyOn(window, 'removeEventListener');
    app.unmodel('doc');
    expect(remove).toHaveBeenCalledWith('keydown', expect.any(Function));
    expect(press('ArrowRight').defaultPrevented).toBe(false);
    remove.mockRestore();
  });
});
