import { useEffect } from 'react';
import type { Locale } from './pickLocale';

/**
 * The writing direction of each language Folio speaks, for `<html dir>`: both read left to right
 * (a right-to-left language would be added here, and the boot script follows through its test).
 */
export const LOCALE_DIRECTION: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', 'zh-CN': 'ltr' };

/**
 * Keeps `<html lang dir>` on the reader's language, so a screen reader speaks the interface in its
 * own voice (WCAG 3.1.1). index.html's boot script sets them before the first paint by the same
 * rule (pickLocale); this keeps them when the language changes.
 */
export function useDocumentLanguage(locale: Locale): void {
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = LOCALE_DIRECTION[locale];
  }, [locale]);
}
