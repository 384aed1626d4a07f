/** Search in a view-only document: the server's page texts, as pdf.js's finder says it. */
import type { FindEvent } from '../../pdf/find';
import { createImageFinder, queryPattern } from '../imageFinder';
import type { ImageEngine, PageHits } from '../imageEngine';
import { pageWords } from '../pageTexts';
import type { PageTexts, PageWords } from '../pageTexts';

const PAGES = ['alpha beta', 'nothing here', 'beta gamma beta', 'Beta betamax'];

function texts(failing: readonly number[] = []): PageTexts {
  const of = (page: number): PageWords =>
    pageWords([{ text: PAGES[page - 1] ?? '', x: 0, y: 0, width: 100, height: 10 }]);
  const read = new Set<number>();
  return {
    words: (page) => {
      if (failing.includes(page)) return Promise.reject(new Error('busy'));
      read.add(page);
      return Promise.resolve(of(page));
    },
    peekWords: (page) => (read.has(page) ? of(page) : undefined),
    pageText: (page) => Promise.resolve(of(page).raw),
    peek: () => undefined,
  };
}

function engine(current = 1) {
  const highlighted: PageHits[][] = [];
  const scrolled: number[] = [];
  const shown = {
    pageCount: PAGES.length,
    currentPage: () => current,
    highlight: (hits: readonly PageHits[]) => highlighted.push([...hits]),
    scrollToBox: (page: number) => scrolled.push(page),
  } as unknown as ImageEngine;
  return { shown, highlighted, scrolled };
}

async function searched(finder: ReturnType<typeof createImageFinder>, query: string, options = {}) {
  const events: FindEvent[] = [];
  const stop = finder.listen((event) => events.push(event));
  finder.search({ query, caseSensitive: false, entireWord: false, ...options });
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  stop();
  return events;
}

type Settled = Extract<FindEvent, { kind: 'settled' }>;
const settled = (events: FindEvent[]): Settled | undefined =>
  events.filter((e): e is Settled => e.kind === 'settled').at(-1);

describe('queryPattern', () => {
  it('matches literally, any white space for a space, whole words when asked', () => {
    const pattern = queryPattern({ query: ' a.b  c ', caseSensitive: true, entireWord: false });
    expect('xa.b \n cx'.match(pattern ?? /$^/)?.[0]).toBe('a.b \n c');
    expect('axb c'.match(pattern ?? /$^/)).toBeNull();
    const whole = queryPattern({ query: 'beta', caseSensitive: false, entireWord: true });
    expect([...'Beta betamax beta_x beta.'.matchAll(whole ?? /$^/g)].map((m) => m.index)).toEqual([
      0, 20,
    ]);
    expect(queryPattern({ query: '  ', caseSensitive: false, entireWord: false })).toBeUndefined();
  });
});

describe('createImageFinder', () => {
  it('counts every page, selects the first match from the page on screen, lists them all', async () => {
    const finder = createImageFinder();
    const { shown, highlighted, scrolled } = engine(2);
    finder.show(shown, texts());
    const events = await searched(finder, 'beta');
    expect(events[0]).toEqual({ kind: 'pending', fresh: true });
    expect(settled(events)?.status).toEqual({
      state: 'found',
      current: 2,
      total: 5,
      selectedId: '3:0',
    });
    const results = events.filter((e) => e.kind === 'results').at(-1);
    expect(results?.kind === 'results' && results.results).toMatchObject({
      status: 'done',
      total: 5,
      pagesWithHits: 3,
      pagesSearched: 4,
    });
    expect(scrolled).toEqual([3]);
    const last = highlighted.at(-1) ?? [];
    expect(last.filter((hit) => hit.selected).map((hit) => hit.page)).toEqual([3]);
    expect(last.filter((hit) => !hit.selected).flatMap((hit) => hit.boxes)).toHaveLength(4);
  });

  it('steps through the matches and wraps, saying so', async () => {
    const finder = createImageFinder();
    const { shown } = engine(4);
    finder.show(shown, texts());
    await searched(finder, 'beta', { caseSensitive: true });
    const events: FindEvent[] = [];
    finder.listen((event) => events.push(event));
    // From page 4's one case-sensitive match (in "betamax"), on to page 1, wrapping.
    finder.step(false);
    expect(settled(events)?.status).toMatchObject({
      state: 'wrapped',
      current: 1,
      selectedId: '1:6',
    });
    finder.step(true);
    expect(settled(events)?.status).toMatchObject({
      state: 'wrapped',
      current: 4,
      selectedId: '4:5',
    });
    finder.step(true);
    expect(settled(events)?.status).toMatchObject({
      state: 'found',
      current: 3,
      selectedId: '3:11',
    });
  });

  it('says not found; an empty query is idle; a page it cannot read has no matches', async () => {
    const finder = createImageFinder();
    const { shown } = engine();
    finder.show(shown, texts([3]));
    expect(settled(await searched(finder, 'gamma'))?.status.state).toBe('notFound');
    expect(settled(await searched(finder, ''))?.status.state).toBe('idle');
    expect(settled(await searched(finder, 'alpha'))?.status).toMatchObject({ total: 1 });
  });

  it('goes to a listed match; hiding clears the highlights and the list', async () => {
    const finder = createImageFinder();
    const { shown, highlighted, scrolled } = engine();
    finder.show(shown, texts());
    await searched(finder, 'beta');
    const events: FindEvent[] = [];
    finder.listen((event) => events.push(event));
    finder.goTo({ id: '3:11', page: 3, indexOnPage: 1, offset: 11, length: 4 });
    expect(settled(events)?.status).toMatchObject({ current: 3, selectedId: '3:11' });
    expect(scrolled.at(-1)).toBe(3);
    finder.hide();
    expect(highlighted.at(-1)).toEqual([]);
    expect(settled(events)?.status.state).toBe('idle');
  });
});
