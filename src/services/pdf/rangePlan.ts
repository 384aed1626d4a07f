/**
 * What the viewer asks of a PDF by ranges, with no import of its own: the byte source
 * (byteSource.ts) and the boot script read it, and the facility notes the ranges it names for
 * page 1 in the same chunks (facility/facts/first-page-ranges.ts), so that they answer pdf.js's
 * asks whole (docs/decisions/2026-11-29-sparse-ranges.md).
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
 * At most this many of the ranges the facility names for page 1 are looked at: a page
 * dictionary's chunk each, for a scan of a few hundred pages in one flat page tree.
 */
export const NAMED_RANGES = 256;

/**
 * At most this many bytes of the ranges named for page 1 are asked for beyond the head and tail:
 * a hundred pages' dictionaries in 16 kB chunks, well under what a slow link brings in a second.
 */
export const NAMED_BYTES = 2_097_152;

/**
 * What to ask for of the ranges the facility names for page 1 (contracts §3 `firstPageRanges`),
 * `end` exclusive: each within the file, less the head and the tail, while they come to no more
 * than NAMED_BYTES (of the first NAMED_RANGES, as the facility document keeps). index.html's boot script asks for the same (a test keeps them in step).
 */
export function rangesToAsk(
  named: readonly ByteRange[],
  total: number,
): { begin: number; end: number }[] {
  const tailFrom = Math.max(HEAD_BYTES, total - TAIL_BYTES);
  let budget = NAMED_BYTES;
  const asked: { begin: number; end: number }[] = [];
  for (const [first, last] of named) {
    if (first < 0 || last < first || last >= total) continue;
    const begin = Math.max(first, HEAD_BYTES);
    const end = Math.min(last + 1, tailFrom);
    if (end <= begin || end - begin > budget) continue;
    budget -= end - begin;
    asked.push({ begin, end });
  }
  return asked;
}
