/**
 * The print dialog's page range (behaviour.md, "The facility's policy"): a comma-separated list of pages and ranges, as print
 * dialogs take them (`2-4`, `1, 3, 5-7`). Pages print once each, in document order.
 */

/** Longest range text read; anything longer is a mistake, not a range. */
export const MAX_RANGE_LENGTH = 200;

export type RangeError =
  | { kind: 'empty' }
  | { kind: 'syntax'; part: string }
  | { kind: 'zero' }
  | { kind: 'reversed'; part: string }
  | { kind: 'pastEnd'; page: number; pageCount: number };

export type RangeResult = { ok: true; pages: number[] } | { ok: false; error: RangeError };

const PART = /^(\d{1,9})(?:\s*[-–]\s*(\d{1,9}))?$/;

/** The pages `text` names in a document of `pageCount` pages, or why it names none. */
export function parsePageRange(text: string, pageCount: number): RangeResult {
  const fail = (error: RangeError): RangeResult => ({ ok: false, error });
  const parts = text
    .slice(0, MAX_RANGE_LENGTH)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return fail({ kind: 'empty' });
  const pages = new Set<number>();
  for (const part of parts) {
    const match = PART.exec(part);
    if (!match) return fail({ kind: 'syntax', part });
    // A single page is a range of one (the second group is undefined then).
    const [, firstText, lastText = firstText] = match;
    const first = Number(firstText);
    const last = Number(lastText);
    if (first === 0 || last === 0) return fail({ kind: 'zero' });
    if (last < first) return fail({ kind: 'reversed', part });
    if (last > pageCount) return fail({ kind: 'pastEnd', page: last, pageCount });
    for (let page = first; page <= last; page += 1) pages.add(page);
  }
  return { ok: true, pages: [...pages].sort((a, b) => a - b) };
}

/** Every page of the document, 1 to pageCount. */
export function allPages(pageCount: number): number[] {
  return Array.from({ length: Math.max(0, pageCount) }, (_, i) => i + 1);
}
