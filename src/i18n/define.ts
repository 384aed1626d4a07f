import type { Locale } from './pickLocale';

/** Each message carries every built-in language, so a missing translation is a type error. */
export type Message = Record<Locale, string>;

export function defineMessages<K extends string>(messages: Record<K, Message>): Record<K, Message> {
  return messages;
}
