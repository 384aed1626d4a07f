/**
 * `<html lang dir>`: index.html's boot script puts the language pickLocale chooses there before
 * the first paint (the two rules cannot drift apart unnoticed), and the app keeps it there.
 */
import { render } from '@testing-library/react';
import { pickLocale } from '../pickLocale';
import type { Locale } from '../pickLocale';
import { LOCALE_DIRECTION, useDocumentLanguage } from '../documentLanguage';
import { bootScript } from '../../test/bootScript';

afterEach(() => {
  jest.restoreAllMocks();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
});

describe("index.html's boot script puts pickLocale's language on <html>", () => {
  const cases: [string, string[]][] = [
    ['/?lang=zh-CN', ['en-US']],
    ['/?lang=en', ['zh-CN']],
    ['/viewer/?doc=a.pdf&lang=zh-CN', ['en']],
    ['/?lang=fr', ['zh-TW', 'en']],
    ['/?lang=zh-cn', ['en-GB']],
    ['/?lang=', ['ZH-hk']],
    ['/', ['de-DE', 'en-GB']],
    ['/', ['de-DE', 'zh']],
    ['/', ['de-DE']],
    ['/', ['zhx-XX', 'en']],
    ['/', []],
  ];
  it.each(cases)('%s with languages %j', (url, languages) => {
    window.history.replaceState(null, '', url);
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    // No document request leaves the test.
    jest.spyOn(window, 'fetch').mockImplementation(() => Promise.reject(new Error('offline')));
    bootScript();
    const locale = pickLocale(window.location.search, languages);
    expect(document.documentElement.lang).toBe(locale);
    expect(document.documentElement.dir).toBe(LOCALE_DIRECTION[locale]);
  });
});

function Language({ locale }: { locale: Locale }) {
  useDocumentLanguage(locale);
  return null;
}

it('the app keeps <html lang dir> on its language as it changes', () => {
  const { rerender } = render(<Language locale="zh-CN" />);
  expect(document.documentElement.lang).toBe('zh-CN');
  expect(document.documentElement.dir).toBe('ltr');
  rerender(<Language locale="en" />);
  expect(document.documentElement.lang).toBe('en');
});
