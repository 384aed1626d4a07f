/**
 * The finder (services/pdf/find.ts) against a stand-in for pdf.js's event bus and find controller:
 * the `find` events it sends as pdf.js's own find bar does, what it makes of pdf.js's answers, the
 * close a tick after the bar goes (none when it comes back at once, as under StrictMode), and the
 * event channel the search model takes from. components/Search's tests drive it through the model.
 */
import { END } from 'redux-saga';
import { createFinder, findEvents, FIND_STATE } from '../find';
import type { FindEvent } from '../find';
import type { Engine } from '../engine';
import { IDLE } from '../../../domain/search';

type Listener = (event: Record<string, unknown>) => void;

function fakeEngine(pagesCount = 3) {
  const listeners = new Map<string, Set<Listener>>();
  const sent: { name: string; event: Record<string, unknown> }[] = [];
  const eventBus = {
    on(name: string, listener: Listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
    },
    off(name: string, listener: Listener) {
      listeners.get(name)?.delete(listener);
    },
    dispatch(name: string, event: Record<string, unknown>) {
      sent.push({ name, event });
      listeners.get(name)?.forEach((listener) => {
        listener(event);
      });
    },
  };
  const engine = {
    eventBus,
    findController: {
      selected: { pageIdx: -1, matchIdx: -1 },
      pageMatches: [] as number[][],
    },
    viewer: { pagesCount },
    pdf: { numPages: pagesCount },
    setPage: jest.fn(),
  };
  return {
    engine,
    asEngine: engine as unknown as Engine,
    finds: () => sent.filter((s) => s.name === 'find').map((s) => s.event),
    names: () => sent.map((s) => s.name),
    listening: (name: string) => listeners.get(name)?.size ?? 0,
  };
}

const QUERY = { query: ' trace ', caseSensitive: false, entireWord: false };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  const finder = createFinder();
  const events: FindEvent[] = [];
  finder.listen((event) => events.push(event));
  return { finder, events };
}

describe('the finder', () => {
  it('sends the query as pdf.js’s find bar does, and each change as the find type pdf.js knows', () => {
    const { finder } = setUp();
    const a = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    expect(a.finds()).toEqual([
      {
        source: a.asEngine,
        type: 'casesensitivitychange',
        query: 'trace',
        caseSensitive: false,
        entireWord: false,
        highlightAll: true,
        findPrevious: false,
        matchDiacritics: false,
      },
    ]);
    finder.search(QUERY);
    expect(a.finds()).toHaveLength(1);
    finder.search({ ...QUERY, query: 'tree' });
    finder.search({ ...QUERY, query: 'tree', caseSensitive: true });
    finder.search({ query: 'tree', caseSensitive: true, entireWord: true });
    expect(a.finds().slice(1)).toEqual([
      expect.objectContaining({ type: '', query: 'tree' }),
      expect.objectContaining({ type: 'casesensitivitychange', caseSensitive: true }),
      expect.objectContaining({ type: 'entirewordchange', entireWord: true }),
    ]);
    // An emptied box clears pdf.js's highlights once; steps then send nothing.
    finder.search({ ...QUERY, query: '  ' });
    finder.search({ ...QUERY, query: '' });
    finder.step(false);
    expect(a.finds().slice(4)).toEqual([
      expect.objectContaining({ type: 'casesensitivitychange', query: '' }),
    ]);
  });

  it('sends nothing while no engine is shown', () => {
    const { finder } = setUp();
    finder.show(undefined);
    finder.search(QUERY);
    finder.step(false);
    const a = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    expect(a.finds()).toHaveLength(1);
  });

  it('reports pending (fresh for a new search, not for a step), counts and the settled state', () => {
    const { finder, events } = setUp();
    const a = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.PENDING });
    a.engine.findController.pageMatches = [[4, 9]];
    a.engine.findController.selected = { pageIdx: 0, matchIdx: 1 };
    a.engine.eventBus.dispatch('updatefindmatchescount', {
      matchesCount: { current: 2, total: 2 },
    });
    a.engine.eventBus.dispatch('updatefindcontrolstate', {
      state: FIND_STATE.WRAPPED,
      matchesCount: { current: 2, total: 2 },
    });
    finder.step(true);
    expect(a.finds().at(-1)).toMatchObject({ type: 'again', findPrevious: true });
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.PENDING });
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.NOT_FOUND });
    expect(events).toEqual([
      { kind: 'pending', fresh: true },
      { kind: 'counted', count: { current: 2, total: 2, selectedId: '1:9' } },
      { kind: 'settled', status: { state: 'wrapped', current: 2, total: 2, selectedId: '1:9' } },
      { kind: 'pending', fresh: false },
      { kind: 'settled', status: { state: 'notFound', current: 0, total: 0, selectedId: '1:9' } },
    ]);
  });

  it('closes pdf.js’s search a tick after the bar goes, and the status returns to idle', async () => {
    const { finder, events } = setUp();
    const a = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    finder.hide();
    expect(a.listening('updatefindcontrolstate')).toBe(0);
    expect(a.names()).not.toContain('findbarclose');
    await tick();
    expect(a.names().at(-1)).toBe('findbarclose');
    expect(events.at(-1)).toEqual({ kind: 'settled', status: IDLE });
    // Shown again: the search starts over.
    finder.show(a.asEngine);
    finder.search(QUERY);
    expect(a.finds()).toHaveLength(2);
  });

  it('a remount at once (StrictMode) keeps the search: no second search, no close, one binding', async () => {
    const { finder, events } = setUp();
    const a = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    finder.hide();
    finder.show(a.asEngine);
    finder.search(QUERY);
    await tick();
    expect(a.finds()).toHaveLength(1);
    expect(a.names()).not.toContain('findbarclose');
    expect(a.listening('updatefindcontrolstate')).toBe(1);
    // One binding: the count's listener and the results list's.
    expect(a.listening('updatefindmatchescount')).toBe(2);
    expect(events).toEqual([]);
  });

  it('another document’s engine: the search restarts there, the old one closes, the status stays', async () => {
    const { finder, events } = setUp();
    const a = fakeEngine();
    const b = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    finder.show(b.asEngine);
    finder.search(QUERY);
    expect(b.finds()).toEqual([
      expect.objectContaining({ type: 'casesensitivitychange', query: 'trace' }),
    ]);
    await tick();
    expect(a.names().at(-1)).toBe('findbarclose');
    expect(b.names()).not.toContain('findbarclose');
    expect(events).toEqual([]);
  });

  it('a listed match: its page first, a restart from the nearer end, then steps within the page', () => {
    const { finder } = setUp();
    const a = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    a.engine.findController.pageMatches = [[1], [], [2, 8, 14, 20]];
    finder.goTo({ id: '3:8', page: 3, indexOnPage: 1, offset: 8, length: 5 });
    expect(a.engine.setPage).toHaveBeenCalledWith(3);
    expect(a.finds().at(-1)).toMatchObject({ type: 'casesensitivitychange', findPrevious: false });
    const before = a.finds().length;
    a.engine.findController.selected = { pageIdx: 2, matchIdx: 0 };
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.FOUND });
    expect(a.finds().slice(before)).toEqual([
      expect.objectContaining({ type: 'again', findPrevious: false }),
    ]);
    // Settled once: later answers do not step again.
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.FOUND });
    expect(a.finds()).toHaveLength(before + 1);

    // The last of the page's matches: from the page's end, backwards; a step in between wins.
    finder.goTo({ id: '3:20', page: 3, indexOnPage: 3, offset: 20, length: 5 });
    expect(a.finds().at(-1)).toMatchObject({ type: 'casesensitivitychange', findPrevious: true });
    finder.step(false);
    const stepped = a.finds().length;
    a.engine.findController.selected = { pageIdx: 2, matchIdx: 2 };
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.FOUND });
    expect(a.finds()).toHaveLength(stepped);
  });
});

describe('the results list', () => {
  it('follows pdf.js’s matches while the bar is shown, and is emptied once it has gone', async () => {
    const { finder, events } = setUp();
    const a = fakeEngine();
    finder.show(a.asEngine);
    finder.search(QUERY);
    // pdf.js starts the search: its matches are this query's from now on.
    a.engine.findController.pageMatches = [[4, 90], [], [12]];
    a.engine.eventBus.dispatch('updatetextlayermatches', { pageIndex: -1 });
    a.engine.eventBus.dispatch('updatefindmatchescount', {
      matchesCount: { current: 1, total: 3 },
    });
    const results = events.filter((event) => event.kind === 'results').at(-1);
    expect(results).toMatchObject({
      kind: 'results',
      results: { status: 'done', total: 3, pagesWithHits: 2, pagesSearched: 3 },
    });
    finder.hide();
    await tick();
    expect(events.at(-2)).toEqual({
      kind: 'results',
      results: expect.objectContaining({ status: 'idle', hits: [] }) as unknown,
    });
  });
});

describe('findEvents', () => {
  it('keeps every event, in order, until taken, and stops listening when closed', () => {
    const finder = createFinder();
    const a = fakeEngine();
    const channel = findEvents(finder);
    finder.show(a.asEngine);
    finder.search(QUERY);
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.PENDING });
    a.engine.eventBus.dispatch('updatefindmatchescount', {
      matchesCount: { current: 0, total: 3 },
    });
    const taken: (FindEvent | typeof END)[] = [];
    channel.take((event) => taken.push(event));
    channel.take((event) => taken.push(event));
    expect(taken).toEqual([
      { kind: 'pending', fresh: true },
      { kind: 'counted', count: { current: 0, total: 3, selectedId: undefined } },
    ]);
    channel.close();
    a.engine.eventBus.dispatch('updatefindcontrolstate', { state: FIND_STATE.PENDING });
    channel.take((event) => taken.push(event));
    expect(taken.at(-1)).toBe(END);
  });
});
