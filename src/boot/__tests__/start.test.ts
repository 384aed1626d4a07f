/**
 * The boot (src/boot/start.ts), as index.html runs it before any file has loaded: what it marks
 * on `<html>` and what it loads. What it asks the facility for: earlyAnswer.test.ts and
 * services/pdf/__tests__/byteSource.test.ts.
 */
import { bootScript, bootScriptWith } from '../../test/bootScript';
import { BAR_HEIGHTS } from '../firstFrame/barHeights';

const globals = window as Window & { routerBase?: string };

beforeEach(() => {
  // No document request leaves the test.
  jest.spyOn(window, 'fetch').mockImplementation(() => Promise.reject(new Error('offline')));
});

afterEach(() => {
  jest.restoreAllMocks();
  delete globals.routerBase;
  delete window.folioEarlyAnswer;
  delete window.folioEarlyPreview;
  delete window.folioStartApp;
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.documentElement.className = '';
  document.head.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('<html lang dir> before the first paint', () => {
  it.each([
    ['/viewer/?doc=a.pdf&lang=zh-CN', ['en'], 'zh-CN'],
    ['/', ['de-DE', 'zh'], 'zh-CN'],
    ['/?lang=fr', ['de-DE'], 'en'],
  ])('%s with languages %j: %s', (url, languages, locale) => {
    window.history.replaceState(null, '', url);
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    bootScript();
    expect(document.documentElement.lang).toBe(locale);
    expect(document.documentElement.dir).toBe('ltr');
  });
});

it("marks a document link for the toolbar's place, and nothing else", () => {
  window.history.replaceState(null, '', '/?doc=a.pdf');
  bootScript();
  expect(document.documentElement.classList.contains('folio-doc-link')).toBe(true);
  // The place's heights are the viewer's bar's own (index.html reads them).
  const { style } = document.documentElement;
  expect(style.getPropertyValue('--folio-boot-bar')).toBe(`${String(BAR_HEIGHTS.headerBar)}px`);
  expect(style.getPropertyValue('--folio-boot-bar-narrow')).toBe(
    `${String(BAR_HEIGHTS.headerBarWithTitleRow)}px`,
  );
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  window.history.replaceState(null, '', '/?lang=en');
  bootScript();
  expect(document.documentElement.classList.contains('folio-doc-link')).toBe(false);
  expect(style.getPropertyValue('--folio-boot-bar')).toBe('');
});

it("loads the styles, preloads the page's chunks and runs the entry at once without a document, under routerBase", () => {
  window.history.replaceState(null, '', '/viewer/deep/link');
  globals.routerBase = '/viewer/';
  bootScriptWith({
    scripts: ['main.1.js'],
    styles: ['main.1.css'],
    preload: ['viewer.2.js', 'viewer.2.css'],
  })();
  const links = [...document.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('href'),
    link.as || 'none',
  ]);
  expect(links).toEqual([
    ['stylesheet', '/viewer/main.1.css', 'none'],
    ['preload', '/viewer/viewer.2.js', 'script'],
    ['preload', '/viewer/viewer.2.css', 'style'],
  ]);
  const scripts = [...document.head.querySelectorAll('script')];
  expect(scripts.map((script) => script.getAttribute('src'))).toEqual(['/viewer/main.1.js']);
  expect(scripts[0]?.async).toBe(false);
  // Started once only, whoever else asks (the first frame).
  window.folioStartApp?.();
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
});

describe("the boot's stage (docs/decisions/2026-12-07-boot-draws-page-one.md)", () => {
  const FILES = {
    scripts: ['main.1.js'],
    stage: ['stage.1.js'],
    preload: ['viewer.2.js'],
  };
  const flush = async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const asked = () => ({
    scripts: [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src')),
    preloads: [...document.head.querySelectorAll('link[rel="preload"]')].map((l) =>
      l.getAttribute('href'),
    ),
  });

  beforeEach(() => {
    // Near the server: the page came in at once.
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: () => [{ requestStart: 10, responseStart: 12, responseEnd: 14 }],
    });
    jest.spyOn(window, 'fetch').mockImplementation((input) => {
      const url = typeof input === 'string' ? input : (input as Request).url;
      if (url.endsWith('/documents/a.pdf')) {
        const body = { title: 'A', pageCount: 1, loadedCount: 1, fileUrl: '/files/a.pdf' };
        return Promise.resolve(new Response(JSON.stringify(body)));
      }
      return Promise.resolve(
        new Response('%PDF', { status: 206, headers: { 'Content-Range': 'bytes 0-3/4' } }),
      );
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(performance, 'getEntriesByType');
    delete window.folioEarlyStage;
    delete window.folioEarlyContent;
  });

  it('runs the stage at once, and near the server asks for the app only once it has drawn page 1', async () => {
    window.history.replaceState(null, '', '/?doc=a.pdf');
    bootScriptWith(FILES)();
    expect(asked()).toEqual({ scripts: ['/stage.1.js'], preloads: [] });
    await flush();
    expect(window.folioEarlyStage?.drawing?.url).toBe('http://localhost/files/a.pdf');
    // The first frame has nothing to draw: the app still waits for the stage.
    window.folioStartApp?.();
    await flush();
    expect(asked().scripts).toEqual(['/stage.1.js']);
    window.folioEarlyStage?.finish();
    await flush();
    expect(asked()).toEqual({
      scripts: ['/stage.1.js', '/main.1.js'],
      preloads: ['/viewer.2.js'],
    });
  });

  it('draws nothing for a document shown otherwise, and the app is asked for at once', async () => {
    jest
      .spyOn(window, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(new Response(JSON.stringify({ title: 'A', view: 'listing' }))),
      );
    window.history.replaceState(null, '', '/?doc=a.pdf');
    bootScriptWith(FILES)();
    await flush();
    expect(window.folioEarlyStage?.drawing).toBeUndefined();
    expect(asked().preloads).toEqual(['/viewer.2.js', '/main.1.js']);
  });

  describe("what the answer's view needs (docs/decisions/2026-12-07-toolbar-and-listing-first-row.md)", () => {
    const started: string[] = [];
    beforeEach(() => {
      started.length = 0;
      Object.defineProperty(window, 'Worker', {
        configurable: true,
        // Constructible, as jest's mocks are.
        value: jest.fn((url: string) => {
          started.push(url);
        }),
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'Worker');
      delete window.folioPdfWorker;
    });
    const WITH_VIEWS = {
      ...FILES,
      worker: 'pdf.worker.1.mjs',
      views: { listing: ['listing.3.js', 'listing.3.css'], sheet: ['sheet.4.js'] },
    };

    it("starts pdf.js's worker once the answer says pages, not before", async () => {
      window.history.replaceState(null, '', '/?doc=a.pdf');
      bootScriptWith(WITH_VIEWS)();
      expect(started).toEqual([]);
      await flush();
      expect(started).toEqual(['/pdf.worker.1.mjs']);
      expect(asked().preloads).not.toContain('/listing.3.js');
    });

    it("a listing: its chunk asked for with the app's scripts, and no worker", async () => {
      jest
        .spyOn(window, 'fetch')
        .mockImplementation(() =>
          Promise.resolve(new Response(JSON.stringify({ title: 'A', view: 'listing' }))),
        );
      window.history.replaceState(null, '', '/?doc=a.zip');
      bootScriptWith(WITH_VIEWS)();
      await flush();
      expect(started).toEqual([]);
      // The entry (earlyWorker.ts) reads this: no worker until a PDF is opened.
      expect(window.folioPdfWorker).toBeNull();
      expect(asked().preloads).toEqual([
        '/listing.3.js',
        '/listing.3.css',
        '/viewer.2.js',
        '/main.1.js',
      ]);
    });

    it('no answer to read: the worker, as for pages', async () => {
      jest.spyOn(window, 'fetch').mockImplementation(() => Promise.reject(new Error('offline')));
      window.history.replaceState(null, '', '/?doc=a.pdf');
      bootScriptWith(WITH_VIEWS)();
      expect(started).toEqual([]);
      await flush();
      expect(started).toEqual(['/pdf.worker.1.mjs']);
    });
  });
});
