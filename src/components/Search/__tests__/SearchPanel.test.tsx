/**
 * Search (behaviour.md, "Search") with real providers and the real models, against a stand-in for the page engine:
 * pdf.js itself cannot load in jsdom (browser-tests/search.test.ts drives the real one). What is
 * checked here is the contract with pdf.js's find controller — the `find` events the bar sends and
 * how it shows what comes back — plus the contracts §5 names, `showSearch`, the keyboard, the results
 * list and the `#search=` deep link.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import type { ReactNode } from 'react';
import { SearchButton, SearchPanel } from '..';
import { showEngine } from '../../../test/shownEngine';
import { searchActions } from '../../../models/search';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Locale } from '../../../i18n';
import type { DocParam } from '../../../domain/document';

type Listener = (event: Record<string, unknown>) => void;

/** pdf.js's EventBus, as far as the find bar uses it; every dispatch is recorded. */
class FakeEventBus {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly sent: { name: string; event: Record<string, unknown> }[] = [];
  on(name: string, listener: Listener) {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener);
    this.listeners.set(name, set);
  }
  off(name: string, listener: Listener) {
    this.listeners.get(name)?.delete(listener);
  }
  dispatch(name: string, event: Record<string, unknown>) {
    this.sent.push({ name, event });
    this.listeners.get(name)?.forEach((listener) => {
      listener(event);
    });
  }
  finds() {
    return this.sent.filter((s) => s.name === 'find').map((s) => s.event);
  }
}

const PAGES = [
  'Trace-based compilation\nof hot loops',
  'no match here',
  'a trace tree <b>grows</b>; each trace is compiled; trace on',
];

function fakeEngine() {
  const eventBus = new FakeEventBus();
  const container = document.createElement('div');
  container.tabIndex = 0;
  document.body.append(container);
  const engine = {
    eventBus,
    findController: {
      selected: { pageIdx: -1, matchIdx: -1 },
      pageMatches: [] as number[][],
      pageMatchesLength: [] as number[][],
    },
    viewer: { pagesCount: PAGES.length, container },
    pdf: {
      numPages: PAGES.length,
      getPage: (n: number) =>
        Promise.resolve({
          getTextContent: () =>
            Promise.resolve({
              items: (PAGES[n - 1] ?? '').split('\n').map((str) => ({ str, hasEOL: true })),
            }),
        }),
    },
    setPage: jest.fn(),
  };
  return engine;
}

/**
 * pdf.js's find controller in miniature, answering a search as the real one does: it starts over
 * (highlights redrawn everywhere: page -1), then matches each page — offsets in the items' strings
 * without line breaks — and selects the first match.
 */
function answer(engine: FakeEngine, query: string) {
  const { findController, eventBus } = engine;
  act(() => {
    findController.pageMatches = [];
    findController.pageMatchesLength = [];
    eventBus.dispatch('updatetextlayermatches', { pageIndex: -1 });
    let total = 0;
    PAGES.forEach((text, index) => {
      const flat = text.replace(/\n/g, '').toLowerCase();
      const offsets: number[] = [];
      for (let at = flat.indexOf(query); at >= 0; at = flat.indexOf(query, at + 1)) {
        offsets.push(at);
      }
      findController.pageMatches[index] = offsets;
      findController.pageMatchesLength[index] = offsets.map(() => query.length);
      total += offsets.length;
      eventBus.dispatch('updatetextlayermatches', { pageIndex: index });
      if (offsets.length > 0) {
        eventBus.dispatch('updatefindmatchescount', { matchesCount: { current: 0, total } });
      }
    });
    findController.selected = { pageIdx: 0, matchIdx: 0 };
    eventBus.dispatch('updatefindcontrolstate', {
      state: 0,
      matchesCount: { current: total > 0 ? 1 : 0, total },
    });
  });
}

type FakeEngine = ReturnType<typeof fakeEngine>;

function WithEngine({ engine, children }: { engine: FakeEngine; children: ReactNode }) {
  useEffect(() => showEngine(engine), [engine]);
  return children;
}

function renderSearch(
  options: { param?: Partial<DocParam>; locale?: Locale; strict?: boolean } = {},
) {
  const { param = { showSearch: true }, locale = 'en', strict = false } = options;
  const engine = fakeEngine();
  const tree = (
    <WithEngine engine={engine}>
      <SearchButton />
      <SearchPanel />
    </WithEngine>
  );
  const rendered = renderWithProviders(strict ? <StrictMode>{tree}</StrictMode> : tree, {
    locale,
    preloadedState: { doc: { docData: { pageCount: PAGES.length, param } } },
  });
  return { ...rendered, engine, search: () => rendered.app.getState().search };
}

/** What pdf.js sends back while and after it searches. */
function report(engine: FakeEngine, state: number, current: number, total: number) {
  act(() => {
    engine.eventBus.dispatch('updatefindcontrolstate', {
      state,
      matchesCount: { current, total },
    });
  });
}

const FOUND = 0;
const NOT_FOUND = 1;
const PENDING = 3;

const box = () => screen.getByRole('searchbox', { name: 'Search text' });
const count = () => within(screen.getByRole('search')).getByRole('status');

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('Search control', () => {
  it('is absent by default (showSearch off), and so is the bar even when asked to open', () => {
    const { app } = renderSearch({ param: {} });
    act(() => {
      app.dispatch(searchActions.open());
    });
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('opens the bar with the keyboard in its box, pressed while open, and closes it', async () => {
    const { user } = renderSearch();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(box()).toHaveFocus();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('search', { name: 'Find in document' })).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('names everything in Chinese under zh-CN', async () => {
    const { user, engine } = renderSearch({ locale: 'zh-CN' });
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索文本' }), 'trace');
    for (const name of ['上一个匹配项', '下一个匹配项', '关闭']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: '区分大小写' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '全字匹配' })).toBeInTheDocument();
    report(engine, FOUND, 2, 5);
    expect(count()).toHaveTextContent('第 2 个，共 5 个');
  });
});

describe('the find bar and pdf.js’s find controller', () => {
  it('sends the query as pdf.js’s find bar does, highlighting all matches', async () => {
    const { user, engine } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(box(), 'trace');
    expect(engine.eventBus.finds().at(-1)).toMatchObject({
      type: '',
      query: 'trace',
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: false,
    });
  });

  it('shows the count as “i of n”, “Searching…” while pending and “No matches”', async () => {
    const { user, engine } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(count()).toHaveTextContent('');
    await user.type(box(), 'trace');
    report(engine, PENDING, 3, 9); // the previous query's count: not shown
    expect(count()).toHaveTextContent('Searching…');
    report(engine, FOUND, 1, 3);
    expect(count()).toHaveTextContent('1 of 3');
    act(() => {
      engine.eventBus.dispatch('updatefindmatchescount', {
        matchesCount: { current: 1, total: 4 },
      });
    });
    expect(count()).toHaveTextContent('1 of 4');
    await user.clear(box());
    await user.type(box(), 'zzz');
    report(engine, NOT_FOUND, 0, 0);
    expect(count()).toHaveTextContent('No matches');
  });

  it('a step keeps the count until pdf.js has moved (no “Searching…” flash)', async () => {
    const { user, engine } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(box(), 'trace');
    report(engine, FOUND, 1, 3);
    await user.keyboard('{Enter}');
    report(engine, PENDING, 1, 3);
    expect(count()).toHaveTextContent('1 of 3');
    report(engine, FOUND, 2, 3);
    expect(count()).toHaveTextContent('2 of 3');
  });

  it('Enter, Shift+Enter, F3, Shift+F3 and the buttons step to the next / previous match', async () => {
    const { user, engine } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(box(), 'trace');
    const steps = () =>
      engine.eventBus
        .finds()
        .filter((e) => e.type === 'again')
        .map((e) => (e.findPrevious ? 'previous' : 'next'));
    await user.keyboard('{Enter}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.keyboard('{F3}');
    await user.keyboard('{Shift>}{F3}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(steps()).toEqual(['next', 'previous', 'next', 'previous', 'next', 'previous']);
    expect(
      engine.eventBus
        .finds()
        .filter((e) => e.type === 'again')
        .every((e) => e.query === 'trace'),
    ).toBe(true);
  });

  it('match case and whole words restart the search with the option', async () => {
    const { user, engine } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(box(), 'trace');
    await user.click(screen.getByRole('checkbox', { name: 'Match case' }));
    expect(engine.eventBus.finds().at(-1)).toMatchObject({
      type: 'casesensitivitychange',
      caseSensitive: true,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Whole words' }));
    expect(engine.eventBus.finds().at(-1)).toMatchObject({
      type: 'entirewordchange',
      caseSensitive: true,
      entireWord: true,
    });
  });

  it('Esc closes the bar, ends pdf.js’s search and gives the keyboard back', async () => {
    const { user, engine } = renderSearch();
    const button = screen.getByRole('button', { name: 'Search' });
    await user.click(button);
    await user.type(box(), 'trace');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(engine.eventBus.sent.at(-1)?.name).toBe('findbarclose');
    expect(button).toHaveFocus();
  });

  it('Ctrl+F reopens on the same query and restarts it from the current page', async () => {
    const { user, engine, search } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(box(), 'trace');
    await user.keyboard('{Escape}');
    await user.keyboard('{Control>}f{/Control}');
    expect(box()).toHaveValue('trace');
    expect(box()).toHaveFocus();
    expect(search().open).toBe(true);
    expect(engine.eventBus.finds().at(-1)).toMatchObject({
      type: 'casesensitivitychange',
      query: 'trace',
    });
  });
});

describe('the results list', () => {
  async function searchTrace() {
    const rendered = renderSearch();
    await rendered.user.click(screen.getByRole('button', { name: 'Search' }));
    await rendered.user.type(box(), 'trace');
    answer(rendered.engine, 'trace');
    const list = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => {
      expect(within(list).getAllByRole('button')).toHaveLength(4);
    });
    return { ...rendered, list };
  }

  it('lists pdf.js’s matches with their page and a line of context, as text', async () => {
    const { list } = await searchTrace();
    const rows = within(list).getAllByRole('button');
    await waitFor(() => {
      expect(rows.map((row) => row.textContent)).toEqual([
        'p. 1Trace-based compilation of hot loops',
        'p. 3a trace tree <b>grows</b>; each trace is compiled; trace on',
        'p. 3…<b>grows</b>; each trace is compiled; trace on',
        'p. 3…trace is compiled; trace on',
      ]);
    });
    // The document's "<b>" is text, not an element.
    expect(list.querySelector('b')).toBeNull();
    expect(screen.getByText('4 matches on 2 pages')).toBeInTheDocument();
    expect(count()).toHaveTextContent('1 of 4');
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
  });

  it('waits for pdf.js to start a new search: never shows the last one’s matches for it', async () => {
    const { user, list } = await searchTrace();
    await user.type(box(), 's');
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText(/^Searching page 0 of 3/)).toBeInTheDocument();
  });

  it('a click makes that match pdf.js’s current one: its page, then steps within the page', async () => {
    const { user, engine, list } = await searchTrace();
    const before = engine.eventBus.finds().length;
    await user.click(within(list).getAllByRole('button')[2]);
    expect(engine.setPage).toHaveBeenLastCalledWith(3);
    // The second of three on its page: the search restarts on page 3, forwards…
    expect(engine.eventBus.finds().slice(before)).toEqual([
      expect.objectContaining({ type: 'casesensitivitychange', findPrevious: false }),
    ]);
    // …pdf.js selects its first match there, and the bar steps once, to the clicked one.
    engine.findController.selected = { pageIdx: 2, matchIdx: 0 };
    report(engine, FOUND, 2, 4);
    expect(engine.eventBus.finds().slice(before + 1)).toEqual([
      expect.objectContaining({ type: 'again', findPrevious: false }),
    ]);
    engine.findController.selected = { pageIdx: 2, matchIdx: 1 };
    report(engine, FOUND, 3, 4);
    expect(count()).toHaveTextContent('3 of 4');
    expect(within(list).getAllByRole('button')[2]).toHaveAttribute('aria-current', 'true');
  });

  it('the last of a page’s matches is reached from the page’s end, backwards', async () => {
    const { user, engine, list } = await searchTrace();
    const before = engine.eventBus.finds().length;
    await user.click(within(list).getAllByRole('button')[3]);
    expect(engine.eventBus.finds().slice(before)).toEqual([
      expect.objectContaining({ type: 'casesensitivitychange', findPrevious: true }),
    ]);
    engine.findController.selected = { pageIdx: 2, matchIdx: 2 };
    report(engine, FOUND, 4, 4);
    // Already there: no steps.
    expect(engine.eventBus.finds()).toHaveLength(before + 1);
    expect(within(list).getAllByRole('button')[3]).toHaveAttribute('aria-current', 'true');
  });
});

describe('#search= deep link', () => {
  it('opens the bar on the hash’s text and runs it', async () => {
    window.history.replaceState(null, '', '/#page=2&search=trace%20tree');
    const { engine, search } = renderSearch();
    await waitFor(() => {
      expect(box()).toHaveValue('trace tree');
    });
    expect(search().open).toBe(true);
    expect(engine.eventBus.finds().at(-1)).toMatchObject({ query: 'trace tree' });
    // A link shows results; it does not take the keyboard (a phone would cover them with one).
    expect(box()).not.toHaveFocus();
  });

  it('under StrictMode’s double effects, pdf.js gets one search, not a second while the first is pending', async () => {
    window.history.replaceState(null, '', '/#search=trace');
    const { engine } = renderSearch({ strict: true });
    await waitFor(() => {
      expect(box()).toHaveValue('trace');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(engine.eventBus.finds()).toEqual([expect.objectContaining({ query: 'trace' })]);
  });

  it('does nothing without showSearch', () => {
    window.history.replaceState(null, '', '/#search=trace');
    const { search } = renderSearch({ param: {} });
    expect(search().open).toBe(false);
  });
});
