import { createContext, useCallback, useContext } from 'react';
import type { ReactNode } from 'react';
import { messages } from './messages';
import type { MessageKey } from './messages';
import type { Locale } from './pickLocale';

export type { Locale } from './pickLocale';
export { pickLocale } from './pickLocale';
export type { MessageKey };

/** Fills `{name}` placeholders; values are plain text, rendered by React as text. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A message in a locale, for code outside React (the host events of src/models/host). */
export function translate(
  locale: Locale,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  return format(messages[key][locale], values);
}

const LocaleContext = createContext<Locale>('en');

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback((key, values) => translate(locale, key, values), [locale]);
}
