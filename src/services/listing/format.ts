/** A listing's sizes and dates as a reader reads them, in the reader's language. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1 KB = 1024 B; one decimal below 10 of a unit, none above ("1.5 MB", "230 KB", "12 B"). */
export function humanSize(bytes: number | undefined, locale = 'en'): string {
  if (bytes === undefined) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit] ?? 'B'}`;
}

/** A date and time, short, in the reader's time zone; '' when there is none. */
export function shortDate(iso: string | undefined, locale = 'en'): string {
  if (iso === undefined) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
