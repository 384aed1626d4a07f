/**
 * Messages and their placeholders, with nothing of React: the boot's stage (src/boot/stage/) uses
 * them before the app has loaded.
 */
import type { Locale } from './pickLocale';

/** Each message carries every built-in language, so a missing translation is a type error. */
export type Message = Record<Locale, string>;

export function defineMessages<K extends string>(messages: Record<K, Message>): Record<K, Message> {
  return messages;
}

/** Fills `{name}` placeholders; values are plain text, shown as text. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
