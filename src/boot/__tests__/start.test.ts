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
