// From the module itself, not url/'s index: the boot inlines this (src/boot/start.ts).
import { langFromSearch } from '../url/query';

export type Locale = 'en' | 'zh-CN';

/** `?lang=` wins when it names a built-in language, else the browser's first en/zh preference. */
export function pickLocale(search: string, languages: readonly string[]): Locale {
  const asked = langFromSearch(search);
  if (asked === 'en' || asked === 'zh-CN') return asked;
  const preferred = languages.find((l) => /^(en|zh)\b/i.test(l));
  return preferred?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/**
 * The writing direction of each language Folio speaks, for `<html dir>`: both read left to right
 * (a right-to-left language would be added here).
 */
export const LOCALE_DIRECTION: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', 'zh-CN': 'ltr' };
