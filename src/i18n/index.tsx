import { createContext, useCallback, useContext } from 'react';
import type { ReactNode } from 'react';
import { en } from './en';
import type { Catalogue, MessageKey } from './en';
import { zhCN } from './zhCN';
import type { Locale } from './pickLocale';

export type { Locale } from './pickLocale';
export { pickLocale } from './pickLocale';
export type { MessageKey };

const catalogues: Record<Locale, Catalogue> = { en, 'zh-CN': zhCN };

/** Fills `{name}` placeholders; values are plain text, rendered by React as text. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const LocaleContext = createContext<Locale>('en');

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback((key, values) => format(catalogues[locale][key], values), [locale]);
}
