import { langFromSearch } from '../url';

export type Locale = 'en' | 'zh-CN';

/** `?lang=` wins when it names a built-in language, else the browser's first en/zh preference. */
export function pickLocale(search: string, languages: readonly string[]): Locale {
  const asked = langFromSearch(search);
  if (asked === 'en' || asked === 'zh-CN') return asked;
  const preferred = languages.find((l) => /^(en|zh)\b/i.test(l));
  return preferred?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
