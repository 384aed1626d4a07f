import { useEffect } from 'react';
import { LOCALE_DIRECTION } from './pickLocale';
import type { Locale } from './pickLocale';

/**
 * Keeps `<html lang dir>` on the reader's language, so a screen reader speaks the interface in its
 * own voice (WCAG 3.1.1). The boot (src/boot/start.ts) sets them before the first paint by the same
 * rule (pickLocale); this keeps them when the language changes.
 */
export function useDocumentLanguage(locale: Locale): void {
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = LOCALE_DIRECTION[locale];
  }, [locale]);
}
