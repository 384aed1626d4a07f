/**
 * contracts §4: the viewer URL's hash, on a real store: each parameter of the url model's table
 * does what it says when the document opens and when the hash changes, and `#page=&zoom=` is kept
 * in step with the reader.
 */
import { act } from '@testing-library/react';
import { HASH_WRITE_INTERVAL_MS } from '..';
import { hashParameters } from '../effects';
import { docActions } from '../../doc';
import { searchActions } from '../../search';
import { MAX_QUERY_LENGTH } from '../../search/state';
import { createTestApp } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';

describe('the url model keeps the hash and the reader in step', () => {
  const ROUTER_STATE = { usr: null, key: 'k1', idx: 0 };

  function openAt(url: string) {
    window.history.replaceState(ROUTER_STATE, '', url);
  }

  /** The app at the current URL, its document opened (the hash is applied then). */
  function renderSync(doc: PreloadedDoc = {}) {
    const app = createTestApp({ doc: { docId: 'report.pdf', docData: { pageCount: 20 }, ...doc } });
    return { app, doc: () => app.getState().doc };
  }

  /** The effect waits on a promise: the timers advance with the microtasks between them. */
  async function elapse(ms = HASH_WRITE_INTERVAL_MS) {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
    });
  }

  beforeEach(() => {
    jest.useFakeTimers();
    // The link's ?doc= starts the real fetch; the test opens the document itself.
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('contracts §4: #page=5&zoom=150 opens at page 5, 150 %, and leaves the URL as it was', async () => {
    openAt('/viewer/a/b?doc=report.pdf&lang=en#page=5&zoom=150&search=net%20income');
    const { doc } = renderSync();
    expect(doc().currentPage).toBe(5);
    expect(doc().zoom).toBe(1.5);
    await elapse();
    expect(window.location.pathname).toBe('/viewer/a/b');
    expect(window.location.search).toBe('?doc=report.pdf&lang=en');
    expect(window.location.hash).toBe('#page=5&zoom=150&search=net%20income');
  });

  it('waits for the document to be ready, then applies the hash once', async () => {
    openAt('/?doc=report.pdf#page=7');
    const app = createTestApp({ doc: { docId: 'report.pdf', status: 'loading' } });
    expect(app.getState().doc.currentPage).toBe(1);
    await elapse();
    expect(window.location.hash).toBe('#page=7');
    act(() => {
      app.dispatch(
        docActions.save({
          docData: { ...app.getState().doc.docData, pageCount: 20, loadedCount: 20 },
          mimeType: 'application/pdf',
        }),
      );
    });
    expect(app.getState().doc.currentPage).toBe(7);
    act(() => {
      app.dispatch(docActions.setPage(3));
    });
    act(() => {
      // A retry of the same document goes back through loading; the hash is not applied again.
      const { docData, mimeType } = app.getState().doc;
      app.dispatch(docActions.fetchStarted('report.pdf'));
      app.dispatch(docActions.save({ docData, mimeType }));
    });
    expect(app.getState().doc.currentPage).toBe(3);
  });

  it('spec §5: an out-of-range page or zoom in the hash is clamped by the model', async () => {
    openAt('/?doc=report.pdf#page=999&zoom=900');
    const { doc } = renderSync();
    expect(doc().currentPage).toBe(20);
    expect(doc().zoom).toBe(2);
    await elapse();
    expect(window.location.hash).toBe('#page=20&zoom=200');
  });

  it('ignores named zooms and nonsense, and writes nothing until the reader moves', async () => {
    openAt('/?doc=report.pdf#zoom=page-width&page=x');
    const { doc } = renderSync();
    expect(doc().currentPage).toBe(1);
    expect(doc().zoom).toBe(1);
    await elapse(5 * HASH_WRITE_INTERVAL_MS);
    expect(window.location.hash).toBe('#zoom=page-width&page=x');
  });

  it('keeps #page current while reading, throttled, with history.state kept', async () => {
    openAt('/viewer/?doc=report.pdf#search=budget');
    const replace = jest.spyOn(window.history, 'replaceState');
    const { app } = renderSync();
    for (let page = 2; page <= 9; page += 1) {
      act(() => {
        app.dispatch(docActions.setPage(page));
      });
      await elapse(HASH_WRITE_INTERVAL_MS / 4);
    }
    // Eight page changes over two intervals: one write per interval, the last one current.
    await elapse();
    expect(replace).toHaveBeenCalledTimes(2);
    expect(window.location.hash).toBe('#page=9&search=budget');
    expect(window.location.pathname + window.location.search).toBe('/viewer/?doc=report.pdf');
    expect(window.history.state).toEqual(ROUTER_STATE);
    for (const [, , url] of replace.mock.calls) expect(String(url)).toMatch(/^\/viewer\/\?doc=/);
    replace.mockRestore();
  });

  it('adds zoom once it differs from 100 %, and keeps it current after that', async () => {
    openAt('/?doc=report.pdf');
    const { app } = renderSync();
    act(() => {
      app.dispatch(docActions.nextPage());
    });
    await elapse();
    expect(window.location.hash).toBe('#page=2');
    act(() => {
      app.dispatch(docActions.zoomBy(1));
    });
    await elapse();
    expect(window.location.hash).toBe('#page=2&zoom=120');
    act(() => {
      app.dispatch(docActions.zoomTo(100));
    });
    await elapse();
    expect(window.location.hash).toBe('#page=2&zoom=100');
  });

  it('a hash the reader edits by hand is applied', () => {
    openAt('/?doc=report.pdf#page=2');
    const { doc } = renderSync();
    act(() => {
      window.history.replaceState(ROUTER_STATE, '', '/?doc=report.pdf#page=11&zoom=75');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(doc().currentPage).toBe(11);
    expect(doc().zoom).toBe(0.75);
  });

  it('never writes into the URL of another document', async () => {
    openAt('/?doc=report.pdf');
    const { app } = renderSync();
    act(() => {
      app.dispatch(docActions.setPage(4));
    });
    window.history.replaceState(ROUTER_STATE, '', '/?doc=other.pdf#page=1');
    await elapse();
    expect(window.location.href).toMatch(/\?doc=other\.pdf#page=1$/);
  });

  it('drops a pending write when another document starts loading', async () => {
    openAt('/?doc=report.pdf');
    const replace = jest.spyOn(window.history, 'replaceState');
    const { app } = renderSync();
    act(() => {
      app.dispatch(docActions.setPage(4));
      app.dispatch(docActions.fetchStarted('other.pdf'));
    });
    await elapse();
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });

  describe('#search= opens the find bar on its text, read like pdf.js keys and cleaned like any URL text', () => {
    const SEARCHABLE = { docData: { pageCount: 20, param: { showSearch: true } } };

    it.each([
      ['#search=trace', 'trace'],
      ['#page=2&search=trace%20tree&zoom=150', 'trace tree'],
      ['#search=trace+tree', 'trace tree'],
      ['#SEARCH=Trace', 'Trace'],
      ['#search=first&search=second', 'first'],
      ['#search=%E6%90%9C%E7%B4%A2', '搜索'],
      ['#search=%3Cb%3Ex%3C%2Fb%3E', '<b>x</b>'],
      ['#search=a%0Ab%E2%80%AEc', 'a bc'],
      ['#search=%E0%A4%A', '%E0%A4%A'],
    ])('%s → %p', (hash, query) => {
      openAt(`/?doc=report.pdf${hash}`);
      const { app } = renderSync(SEARCHABLE);
      expect(app.getState().search).toMatchObject({ open: true, openedByLink: true, query });
    });

    it.each(['#search=', '#search=%20', '#page=3', ''])('%p opens nothing', (hash) => {
      openAt(`/?doc=report.pdf${hash}`);
      const { app } = renderSync(SEARCHABLE);
      expect(app.getState().search.open).toBe(false);
    });

    it('caps an absurdly long query', () => {
      openAt(`/?doc=report.pdf#search=${'x'.repeat(5000)}`);
      const { app } = renderSync(SEARCHABLE);
      expect(Array.from(app.getState().search.query)).toHaveLength(MAX_QUERY_LENGTH);
    });

    it('does nothing where the document does not allow search (showSearch off)', () => {
      openAt('/?doc=report.pdf#search=trace');
      const { app } = renderSync();
      expect(app.getState().search).toMatchObject({ open: false, query: '' });
    });

    it('a search edited while the document is shown runs; the same text again does not', () => {
      openAt('/?doc=report.pdf#search=trace');
      const { app } = renderSync(SEARCHABLE);
      act(() => {
        app.dispatch(searchActions.close());
        window.history.replaceState(ROUTER_STATE, '', '/?doc=report.pdf#search=trace&page=4');
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      });
      expect(app.getState().search.open).toBe(false);
      expect(app.getState().doc.currentPage).toBe(4);
      act(() => {
        window.history.replaceState(ROUTER_STATE, '', '/?doc=report.pdf#search=tree&page=4');
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      });
      expect(app.getState().search).toMatchObject({ open: true, query: 'tree' });
    });
  });

  it("no two parameters read the same key, and none reads the signed link's token (src/url/token.ts)", () => {
    const keys = hashParameters.flatMap((parameter) => parameter.keys.map((k) => k.toLowerCase()));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('token');
  });
});
