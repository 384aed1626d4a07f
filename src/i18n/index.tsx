import { createContext, useCallback, useContext } from 'react';
import type { ReactNode } from 'react';
import { messages } from './messages';
import type { MessageKey } from './messages';
import { format } from './define';
import type { Message } from './define';
import type { Locale } from './pickLocale';

export type { Locale } from './pickLocale';
export { pickLocale } from './pickLocale';
export { defineMessages, format } from './define';
export type { Message } from './define';
export type { MessageKey };

export type Translate<K extends string = MessageKey> = (
  key: K,
  values?: Record<string, string | number>,
) => string;

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

/**
 * A component's own strings (its folder's `messages.ts`), in the reader's locale. `own` is a
 * module-level constant, so the function changes only with the locale.
 */
export function useMessages<K extends string>(own: Record<K, Message>): Translate<K> {
  const locale = useLocale();
  return useCallback(
    (key: K, values?: Record<string, string | number>) => format(own[key][locale], values),
    [own, locale],
  );
}

/** The shared strings (`messages/`): the shell's, the document's states, the engine's. */
export function useT(): Translate {
  return useMessages(messages);
}
