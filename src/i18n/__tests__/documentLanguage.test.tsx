/**
 * `<html lang dir>`: the boot puts the language pickLocale chooses there before the first paint
 * (src/boot/__tests__/start.test.ts), and the app keeps it there.
 */
import { render } from '@testing-library/react';
import type { Locale } from '../pickLocale';
import { useDocumentLanguage } from '../documentLanguage';

afterEach(() => {
  jest.restoreAllMocks();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
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
