import { act, screen, waitFor, within } from '@testing-library/react';
import { HeaderBar } from '..';
import type { ToolbarMenus } from '../HeaderBar';
import { ZoomMenu } from '../ZoomMenu';
import { MobileMenu } from '../../MobileMenu';
import { docActions } from '../../../models/doc';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';
import type { Locale } from '../../../i18n';
import type { DocParam } from '../../../domain/document';

const TITLE = 'Annual report 2026 — a very long title that a narrow toolbar has to cut short';

/** The menus as the reading chrome passes them once `reading-panels` has loaded. */
const MENUS: ToolbarMenus = { ZoomMenu, MobileMenu };

function renderBar(
  doc: Omit<PreloadedDoc, 'docData'> & { param?: Partial<DocParam> } = {},
  locale: Locale = 'en',
) {
  const { param, ...rest } = doc;
  const rendered = renderWithProviders(<HeaderBar menus={MENUS} />, {
    locale,
    preloadedState: {
      doc: { currentPage: 3, ...rest, docData: { title: TITLE, pageCount: 14, param } },
    },
  });
  const doc_ = () => rendered.app.getState().doc;
  return { ...rendered, doc: doc_ };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const pageInput = () => screen.getByRole('textbox', { name: 'Page number' });

describe('HeaderBar: contracts §5 controls and their names', () => {
  it('shows every control with its English name when every flag is on', () => {
    renderBar({ zoom: 1.2, param: { isShowZoom: true } });
    const bar = screen.getByRole('region', { name: 'Toolbar' });
    expect(within(bar).getByText(TITLE)).toBeInTheDocument();
    for (const name of [
      'Previous page',
      'Next page',
      'Zoom out',
      'Zoom in',
      'Rotate counterclockwise',
      'Rotate clockwise',
    ]) {
      expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(bar).getByRole('textbox', { name: 'Page number' })).toHaveValue('3');
    expect(within(bar).getByText('3 / 14')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: /^Zoom \d/ })).toHaveTextContent('120%');
  });

  it('names every control in Chinese under zh-CN', () => {
    renderBar({ param: { isShowZoom: true } }, 'zh-CN');
    expect(screen.getByRole('region', { name: '工具栏' })).toBeInTheDocument();
    for (const name of [
      '上一页',
      '下一页',
      '缩小',
      '缩放 100%',
      '放大',
      '逆时针旋转',
      '顺时针旋转',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: '页码' })).toBeInTheDocument();
  });

  it('shows the full title in a tooltip', async () => {
    const { user } = renderBar();
    await user.hover(screen.getByText(TITLE));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TITLE);
  });

  describe('on a screen with a pointer that hovers', () => {
    const matchMedia = (query: string) =>
      ({
        matches: query === '(hover: hover)',
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    beforeEach(() => {
      Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'matchMedia');
    });

    it("shows a button's name in the shared tooltip while the pointer is on it", async () => {
      const { user } = renderBar();
      await user.hover(button('Next page'));
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Next page');
      await user.hover(button('Zoom in'));
      await waitFor(() => {
        expect(screen.getByRole('tooltip')).toHaveTextContent('Zoom in');
      });
      expect(screen.getAllByRole('tooltip')).toHaveLength(1);
      await user.unhover(button('Zoom in'));
      await waitFor(() => {
        expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      });
    });
  });

  it('shows no button tooltip on a touch screen (it would stay up after the tap)', async () => {
    const { user } = renderBar();
    await user.hover(button('Next page'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('places the controls of later features in its `right` slot', () => {
    renderWithProviders(<HeaderBar right={<button type="button">Search</button>} />, {
      preloadedState: { doc: {} },
    });
    const bar = screen.getByRole('region', { name: 'Toolbar' });
    expect(within(bar).getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });
});

describe('HeaderBar: contracts §5b a control whose flag is off is absent, not disabled', () => {
  const ALL_ON: Partial<DocParam> = {
    showHeaderBar: true,
    showFileName: true,
    showNum: true,
    isShowZoom: true,
    showRotate: true,
  };
  const present = {
    title: () => screen.queryByText(TITLE),
    pageNumber: () => screen.queryByRole('textbox', { name: 'Page number' }),
    pageDisplay: () => screen.queryByText('3 / 14'),
    zoomDisplay: () => screen.queryByRole('button', { name: /^Zoom \d/ }),
    rotateCounterclockwise: () => screen.queryByRole('button', { name: 'Rotate counterclockwise' }),
    rotateClockwise: () => screen.queryByRole('button', { name: 'Rotate clockwise' }),
    previous: () => screen.queryByRole('button', { name: 'Previous page' }),
    zoomIn: () => screen.queryByRole('button', { name: 'Zoom in' }),
  };
  type Control = keyof typeof present;
  const everything = Object.keys(present) as Control[];

  it.each<[keyof DocParam, Control[]]>([
    ['showHeaderBar', everything],
    ['showFileName', ['title']],
    ['showNum', ['pageNumber', 'pageDisplay']],
    ['isShowZoom', ['zoomDisplay']],
    ['showRotate', ['rotateCounterclockwise', 'rotateClockwise']],
  ])('%s off removes %j and nothing else', (flag, gone) => {
    renderBar({ param: { ...ALL_ON, [flag]: false } });
    for (const control of everything) {
      const element = present[control]();
      if (gone.includes(control)) expect([control, element]).toEqual([control, null]);
      else expect([control, element]).toEqual([control, expect.any(HTMLElement)]);
    }
  });

  it('spec §3 defaults: toolbar, title, page number and rotation on; zoom display off', () => {
    renderBar();
    expect(present.title()).toBeInTheDocument();
    expect(present.pageNumber()).toBeInTheDocument();
    expect(present.rotateClockwise()).toBeInTheDocument();
    expect(present.zoomDisplay()).not.toBeInTheDocument();
  });
});

describe('HeaderBar: page controls', () => {
  it('Next and Previous page move one page', async () => {
    const { user, doc } = renderBar();
    await user.click(button('Next page'));
    expect(doc().currentPage).toBe(4);
    expect(pageInput()).toHaveValue('4');
    expect(screen.getByText('4 / 14')).toBeInTheDocument();
    await user.click(button('Previous page'));
    await user.click(button('Previous page'));
    expect(doc().currentPage).toBe(2);
  });

  it('spec §4: Previous is disabled on page 1 and Next on the last page', () => {
    const { app } = renderBar({ currentPage: 1 });
    expect(button('Previous page')).toBeDisabled();
    expect(button('Next page')).toBeEnabled();
    act(() => {
      app.dispatch(docActions.setPage(14));
    });
    expect(button('Previous page')).toBeEnabled();
    expect(button('Next page')).toBeDisabled();
  });

  it.each([
    ['7', 7],
    ['999', 14],
    ['0', 1],
    ['', 1],
    ['abc', 3],
    ['-4', 1],
  ])('spec §4–5 page input: "%s" + Enter goes to page %p', async (typed, page) => {
    const { user, doc } = renderBar();
    await user.clear(pageInput());
    if (typed !== '') await user.type(pageInput(), typed);
    await user.keyboard('{Enter}');
    expect(doc().currentPage).toBe(page);
    expect(pageInput()).toHaveValue(String(page));
  });

  it('applies the page on blur; invalid text restores the current page', async () => {
    const { user, doc } = renderBar();
    await user.clear(pageInput());
    await user.type(pageInput(), '9');
    await user.tab();
    expect(doc().currentPage).toBe(9);
    await user.clear(pageInput());
    await user.type(pageInput(), 'x2');
    await user.tab();
    expect(doc().currentPage).toBe(9);
    expect(pageInput()).toHaveValue('9');
  });

  it('Escape abandons an edit', async () => {
    const { user, doc } = renderBar();
    await user.clear(pageInput());
    await user.type(pageInput(), '11{Escape}');
    expect(pageInput()).toHaveValue('3');
    await user.tab();
    expect(doc().currentPage).toBe(3);
  });

  it('follows the model when the page changes elsewhere (scrolling)', () => {
    const { app } = renderBar();
    act(() => {
      app.dispatch(docActions.setPage(12));
    });
    expect(pageInput()).toHaveValue('12');
    expect(screen.getByText('12 / 14')).toBeInTheDocument();
  });
});

describe('HeaderBar: zoom controls', () => {
  it.each([
    [1, '100%'],
    [1.2, '120%'],
    [0.35, '35%'],
    [2, '200%'],
  ])('contracts §5 zoom display: zoom %p reads %s', (zoom, text) => {
    renderBar({ zoom, param: { isShowZoom: true } });
    expect(button(/^Zoom \d/)).toHaveTextContent(text);
  });

  it('spec §4 Zoom in and Zoom out step by 20 %', async () => {
    const { user, doc } = renderBar({ param: { isShowZoom: true } });
    await user.click(button('Zoom in'));
    expect(doc().zoom).toBe(1.2);
    expect(button(/^Zoom \d/)).toHaveTextContent('120%');
    await user.click(button('Zoom out'));
    await user.click(button('Zoom out'));
    expect(doc().zoom).toBe(0.8);
  });

  it('spec §5: Zoom out is disabled at minZoomRatio and Zoom in at maxZoomRatio', async () => {
    const { user } = renderBar({ zoom: 0.4 });
    expect(button('Zoom out')).toBeEnabled();
    await user.click(button('Zoom out'));
    expect(button('Zoom out')).toBeDisabled();
    expect(button('Zoom in')).toBeEnabled();
  });

  it('Zoom in is disabled at maxZoomRatio', () => {
    renderBar({ zoom: 2 });
    expect(button('Zoom in')).toBeDisabled();
    expect(button('Zoom out')).toBeEnabled();
  });

  it('the zoom menu applies a preset', async () => {
    const { user, doc } = renderBar({ param: { isShowZoom: true } });
    await user.click(button(/^Zoom \d/));
    await user.click(await screen.findByRole('menuitem', { name: '150%' }));
    expect(doc().zoom).toBe(1.5);
    expect(button(/^Zoom \d/)).toHaveTextContent('150%');
  });

  it('presets outside the document zoom range are disabled', async () => {
    const { user } = renderBar({ param: { isShowZoom: true, maxZoomRatio: 1.5 } });
    await user.click(button(/^Zoom \d/));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '150%' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(menu).getByRole('menuitem', { name: '200%' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it.each([
    ['87', 0.87],
    ['135%', 1.35],
    ['500', 2],
    ['5', 0.2],
    ['abc', 1],
  ])('the exact entry "%s" + Enter zooms to %p (clamped by the model)', async (typed, zoom) => {
    const { user, doc } = renderBar({ param: { isShowZoom: true } });
    await user.click(button(/^Zoom \d/));
    const entry = await screen.findByRole('textbox', { name: 'Zoom percentage' });
    await user.clear(entry);
    await user.type(entry, `${typed}{Enter}`);
    expect(doc().zoom).toBe(zoom);
  });

  it('the exact entry starts at the current zoom and ignores shortcuts while typed in', async () => {
    const { user, doc } = renderBar({ zoom: 1.2, param: { isShowZoom: true } });
    await user.click(button(/^Zoom \d/));
    const entry = await screen.findByRole('textbox', { name: 'Zoom percentage' });
    expect(entry).toHaveValue('120');
    await user.click(entry);
    await user.keyboard('{ArrowLeft}{Home}');
    expect(doc().currentPage).toBe(3);
  });
});

describe('HeaderBar before its menus have loaded (antd comes after page 1)', () => {
  function renderLean(menus?: ToolbarMenus) {
    const onWantMenus = jest.fn();
    const rendered = renderWithProviders(<HeaderBar menus={menus} onWantMenus={onWantMenus} />, {
      preloadedState: { doc: { docData: { pageCount: 14, param: { isShowZoom: true } } } },
    });
    return { ...rendered, onWantMenus };
  }

  it('turns pages and zooms without them', async () => {
    const { user, app } = renderLean();
    await user.click(button('Next page'));
    await user.click(button('Zoom in'));
    expect(app.getState().doc.currentPage).toBe(2);
    expect(app.getState().doc.zoom).toBeGreaterThan(1);
  });

  it('asks for the zoom menu when the display is clicked, and opens it once it has come', async () => {
    const { user, onWantMenus, rerender } = renderLean();
    await user.click(button(/^Zoom \d/));
    expect(onWantMenus).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    rerender(<HeaderBar menus={MENUS} onWantMenus={onWantMenus} />);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('keeps the keyboard on the zoom display when its menu arrives', () => {
    const { rerender } = renderLean();
    button(/^Zoom \d/).focus();
    rerender(<HeaderBar menus={MENUS} />);
    expect(button(/^Zoom \d/)).toHaveFocus();
  });
});

describe('HeaderBar: rotation', () => {
  it('spec §4 rotates by 90° each way', async () => {
    const { user, doc } = renderBar();
    await user.click(button('Rotate clockwise'));
    expect(doc().rotate).toBe(90);
    await user.click(button('Rotate counterclockwise'));
    await user.click(button('Rotate counterclockwise'));
    expect(doc().rotate).toBe(-90);
  });
});

describe('HeaderBar: narrow screens (≤ 768 px)', () => {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  beforeEach(() => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query === '(max-width: 768px)',
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  });
  afterEach(() => {
    if (original) Object.defineProperty(window, 'matchMedia', original);
    else Reflect.deleteProperty(window, 'matchMedia');
  });

  it('keeps page and zoom controls on the bar and moves rotation and the right slot into Menu', async () => {
    const { user, app } = renderWithProviders(
      <HeaderBar menus={MENUS} right={<button aria-label="Print" type="button" />} />,
      {
        preloadedState: {
          doc: { docData: { title: TITLE, pageCount: 14, param: { isShowZoom: true } } },
        },
      },
    );
    const bar = screen.getByRole('region', { name: 'Toolbar' });
    for (const name of ['Previous page', 'Next page', 'Zoom out', 'Zoom 100%', 'Zoom in', 'Menu']) {
      expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
    }
    for (const name of ['Rotate clockwise', 'Print']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    const menu = button('Menu');
    await user.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Rotate clockwise' }));
    expect(app.getState().doc.rotate).toBe(90);
    // A used control closes the menu.
    expect(app.getState().doc.showMobileMenu).toBe(false);
  });

  // That the keyboard goes back to Menu is asserted in the browser (browser-tests/phone.test.ts):
  // antd gives it back when the closing animation ends, which jsdom never reports.
  it('closes the menu with Escape', async () => {
    const { user, app } = renderBar();
    const menu = button('Menu');
    menu.focus();
    await user.keyboard('{Enter}');
    expect(app.getState().doc.showMobileMenu).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(app.getState().doc.showMobileMenu).toBe(false);
  });

  it('has the floating ball with isShowBall (the default) and not without', async () => {
    const { user, app, unmount } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Quick menu' }));
    expect(app.getState().doc.showMobileMenu).toBe(true);
    unmount();
    renderBar({ param: { isShowBall: false } });
    expect(screen.queryByRole('button', { name: 'Quick menu' })).not.toBeInTheDocument();
  });

  it('names the menu in Chinese under zh-CN', async () => {
    const { user } = renderBar({}, 'zh-CN');
    await user.click(button('菜单'));
    expect(await screen.findByRole('dialog', { name: '菜单' })).toBeInTheDocument();
  });
});

describe('HeaderBar: accessible names contain what the controls show (WCAG 2.5.3)', () => {
  it.each(['en', 'zh-CN'] as const)(
    '%s: every control with visible text has it in its name',
    (locale) => {
      renderBar({ zoom: 1.2, param: { isShowZoom: true } }, locale);
      const withText = screen
        .getAllByRole('button')
        .filter((control) => control.textContent.trim() !== '');
      // The zoom display at least: a check that looked at no control could not fail.
      expect(withText.length).toBeGreaterThan(0);
      for (const control of withText) {
        const shown = control.textContent.replace(/\s+/g, ' ').trim();
        // testing-library computes each accessible name (dom-accessibility-api) and hands it here.
        const named = screen.queryAllByRole('button', {
          name: (name, element) => element === control && name.includes(shown),
        });
        expect({ shown, named: named.length }).toEqual({ shown, named: 1 });
      }
    },
  );
});
