/**
 * The Thumbnails and Outline controls and their panels, with real providers and the real doc
 * model: contracts §5 names in both languages, presence by `showThumb`/`showList` (§5b), one panel at
 * a time in the side area, navigation through the model, outline titles as text. (Thumbnail
 * pictures need pdf.js and a real canvas: browser-tests/panels.test.ts.)
 */
import { act, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { SidePanel, SidePanelToggles } from '..';
import { showEngine } from '../../../test/shownEngine';
import type { Engine } from '../../../services/pdf/engine';
import { docActions } from '../../../models/doc';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Locale } from '../../../i18n';
import type { DocParam, OutlineItem } from '../../../domain/document';

const HOSTILE = '<img src=x onerror=alert(1)>';

const OUTLINE: OutlineItem[] = [
  {
    title: 'Chapter 1',
    page: 1,
    children: [{ title: 'Section 1.1', page: 2, children: [] }],
  },
  { title: HOSTILE, page: 7, children: [] },
  { title: 'A web link', page: null, children: [] },
];

function WithEngine({ engine, children }: { engine: Engine; children: ReactNode }) {
  useEffect(() => showEngine(engine), [engine]);
  return children;
}

function renderPanels(
  options: {
    param?: Partial<DocParam>;
    docOutline?: OutlineItem[];
    currentPage?: number;
    locale?: Locale;
    engine?: Engine;
  } = {},
) {
  const { param, docOutline = OUTLINE, currentPage, locale = 'en', engine } = options;
  const ui = (
    <>
      <SidePanelToggles />
      <SidePanel />
    </>
  );
  const rendered = renderWithProviders(
    engine ? <WithEngine engine={engine}>{ui}</WithEngine> : ui,
    {
      locale,
      preloadedState: { doc: { currentPage, docData: { pageCount: 14, docOutline, param } } },
    },
  );
  return { ...rendered, doc: () => rendered.app.getState().doc };
}

const ON = { showThumb: true, showList: true };

describe('Thumbnails and Outline controls', () => {
  it('are absent by default (showThumb and showList are off), and so are the panels', () => {
    const { app } = renderPanels();
    act(() => {
      app.dispatch(docActions.setThumbnail(true));
    });
    expect(screen.queryByRole('button', { name: 'Thumbnails' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Outline' })).not.toBeInTheDocument();
    // The model may say open; without its flag the panel still does not show.
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('each is present with its own flag, named per contracts §5', () => {
    renderPanels({ param: { showThumb: true } });
    expect(screen.getByRole('button', { name: 'Thumbnails' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.queryByRole('button', { name: 'Outline' })).not.toBeInTheDocument();
  });

  it('are named in Chinese under zh-CN', () => {
    renderPanels({ param: ON, locale: 'zh-CN' });
    expect(screen.getByRole('button', { name: '缩略图' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '目录' })).toBeInTheDocument();
  });

  it('share one side area: opening one closes the other', async () => {
    const { user, doc } = renderPanels({ param: ON });
    await user.click(screen.getByRole('button', { name: 'Thumbnails' }));
    expect(screen.getByRole('complementary', { name: 'Thumbnails' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    expect(screen.getByRole('complementary', { name: 'Outline' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Thumbnails' })).not.toBeInTheDocument();
    expect(doc()).toMatchObject({ showOutline: true, showThumbnail: false });
    expect(screen.getByRole('button', { name: 'Outline' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});

describe('thumbnail panel', () => {
  it('has one button per page, named Page n, the current one marked; a click goes there', async () => {
    const { user, doc } = renderPanels({ param: ON, currentPage: 3 });
    await user.click(screen.getByRole('button', { name: 'Thumbnails' }));
    const panel = screen.getByRole('complementary', { name: 'Thumbnails' });
    const thumbs = within(panel).getAllByRole('button');
    expect(thumbs).toHaveLength(14);
    expect(thumbs[4]).toHaveAccessibleName('Page 5');
    expect(thumbs[4]).toHaveAttribute('data-thumbnail-number', '5');
    expect(within(panel).getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(panel).getByRole('button', { name: 'Page 5' }));
    expect(doc().currentPage).toBe(5);
    expect(within(panel).getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(panel).getByRole('button', { name: 'Page 3' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('is one tab stop (the current page); arrows, Home and End move, Enter goes', async () => {
    const { user, doc } = renderPanels({ param: ON, currentPage: 2 });
    await user.click(screen.getByRole('button', { name: 'Thumbnails' }));
    const panel = screen.getByRole('complementary', { name: 'Thumbnails' });
    const page = (n: number) => within(panel).getByRole('button', { name: `Page ${String(n)}` });
    expect(page(2)).toHaveAttribute('tabindex', '0');
    expect(page(3)).toHaveAttribute('tabindex', '-1');
    act(() => {
      page(2).focus();
    });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(page(4)).toHaveFocus();
    await user.keyboard('{End}');
    expect(page(14)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(page(14)).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(page(1)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(doc().currentPage).toBe(1);
  });

  it('closes after a click on narrow screens, where it lies over the pages', async () => {
    const matchMedia = jest.fn((query: string) => ({
      matches: query === '(max-width: 768px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      const { user, doc } = renderPanels({ param: ON });
      await user.click(screen.getByRole('button', { name: 'Thumbnails' }));
      await user.click(screen.getByRole('button', { name: 'Page 6' }));
      expect(doc()).toMatchObject({ currentPage: 6, showThumbnail: false });
      expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('names thumbnails in Chinese under zh-CN', async () => {
    const { user } = renderPanels({ param: ON, locale: 'zh-CN' });
    await user.click(screen.getByRole('button', { name: '缩略图' }));
    expect(screen.getByRole('button', { name: '第 5 页' })).toBeInTheDocument();
  });
});

describe('outline panel', () => {
  it("shows the facility's outline as a tree; a click goes to the entry's page", async () => {
    const { user, doc } = renderPanels({ param: ON });
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    const tree = screen.getByRole('tree');
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((i) => i.textContent)).toEqual(['Chapter 1', HOSTILE, 'A web link']);
    await user.click(within(tree).getByText(HOSTILE));
    expect(doc().currentPage).toBe(7);
    // Nested entries open with the tree's switcher, and go to their page too.
    expect(within(tree).getByRole('treeitem', { name: 'Chapter 1' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(within(tree).getByText('Chapter 1'));
    expect(doc().currentPage).toBe(1);
  });

  it('shows a hostile title as the text it is: no element is made from it', async () => {
    const { user, container } = renderPanels({ param: ON });
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    expect(screen.getByText(HOSTILE)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('keeps an entry without a page inert', async () => {
    const { user, doc } = renderPanels({ param: ON, currentPage: 4 });
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    await user.click(screen.getByText('A web link'));
    expect(doc().currentPage).toBe(4);
  });

  it("reads the PDF's own outline when the facility gave none", async () => {
    const pdf = {
      numPages: 14,
      getOutline: () =>
        Promise.resolve([{ title: 'From the PDF', dest: [{ num: 9, gen: 0 }], items: [] }]),
      getDestination: () => Promise.resolve(null),
      getPageIndex: () => Promise.resolve(8),
    };
    const viewer = { currentPageNumber: 1, scrollPageIntoView: jest.fn() };
    const engine = { pdf, viewer } as unknown as Engine;
    const { user, doc } = renderPanels({ param: ON, docOutline: [], engine });
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    await user.click(await screen.findByText('From the PDF'));
    expect(doc().currentPage).toBe(9);
  });

  it('says so when there is no outline at all', async () => {
    const pdf = { numPages: 14, getOutline: () => Promise.resolve(null) };
    const engine = { pdf, viewer: { currentPageNumber: 1 } } as unknown as Engine;
    const { user } = renderPanels({ param: ON, docOutline: [], engine });
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    expect(await screen.findByText('This document has no outline.')).toBeInTheDocument();
  });
});
