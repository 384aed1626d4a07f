/**
 * The ranges of a PDF asked for before pdf.js asks (docs/decisions/2026-11-25-byte-source.md):
 * its head, its tail and the ranges the facility names for page 1, and pdf.js's chunk size. The
 * byte source, the boot (src/boot/earlyRequests.ts, inlined into index.html) and the facility
 * (which notes the ranges it names in the same chunks, facility/facts/first-page-ranges.ts) all
 * read these; nothing here loads pdf.js, so the boot stays small
 * (docs/decisions/2026-11-29-sparse-ranges.md).
 */
import type { ByteRange } from '../../domain/document';

/**
 * pdf.js's chunk size; every range it asks for starts on a multiple of it. Small, as a page
 * dictionary is a few hundred bytes: a PDF whose pages lie megabytes apart (a scan) is opened
 * from a few kB around each, not 64 kB.
 */
export const RANGE_CHUNK = 16_384;
/** The first answer: page 1 of a file written in page order, and the file's length. */
export const HEAD_BYTES = 131_072;
/** Where a file not linearized keeps its cross-reference table. */
export const TAIL_BYTES = 65_536;

/**
 * At most this many bytes of the ranges named for page 1 are asked for beyond the head and tail:
 * a hundred pages' dictionaries in 16 kB chunks, well under what a slow link brings in a second.
 */
export const NAMED_BYTES = 2_097_152;

/**
 * The ranges named for page 1 that are looked at: a page dictionary's chunk each, for a scan of a
 * few hundred pages in one flat page tree.
 */
export const NAMED_RANGES = 256;

/**
 * The well-formed of the first NAMED_RANGES ranges the facility names for page 1 (contracts §3
 * `firstPageRanges`): byte offsets, first ≤ last. Only a speed-up: what is dropped pdf.js asks
 * for itself.
 */
export function namedRanges(raw: unknown): ByteRange[] {
  const named: unknown[] = Array.isArray(raw) ? raw.slice(0, NAMED_RANGES) : [];
  return named
    .filter(
      (range): range is [number, number] =>
        Array.isArray(range) &&
        Number.isSafeInteger(range[0]) &&
        Number.isSafeInteger(range[1]) &&
        (range[0] as number) >= 0 &&
        (range[0] as number) <= (range[1] as number),
    )
    .map(([first, last]) => [first, last] as const);
}

/** Where the tail of a file of `total` bytes begins. */
export function tailFrom(total: number): number {
  return Math.max(HEAD_BYTES, total - TAIL_BYTES);
}

/**
 * What to ask for of the ranges the facility names for page 1 (contracts §3 `firstPageRanges`),
 * `end` exclusive: each within the file, less the head and the tail, while they come to no more
 * than NAMED_BYTES.
 */
export function rangesToAsk(
  named: readonly ByteRange[],
  total: number,
): { begin: number; end: number }[] {
  const tail = tailFrom(total);
  let budget = NAMED_BYTES;
  const asked: { begin: number; end: number }[] = [];
  for (const [first, last] of named) {
    if (first < 0 || last < first || last >= total) continue;
    const begin = Math.max(first, HEAD_BYTES);
    const end = Math.min(last + 1, tail);
    if (end <= begin || end - begin > budget) continue;
    budget -= end - begin;
    asked.push({ begin, end });
  }
  return asked;
}
