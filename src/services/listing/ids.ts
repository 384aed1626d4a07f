/**
 * An entry's id is its archive's id, `!`, and its 1-based index in the archive's own directory
 * (nested: `a.zip!3!2`; docs/decisions/2026-12-06-listing-view.md). The listing an entry was opened
 * from is therefore its id without the last `!<n>`.
 */
const ENTRY = /^(.+)!([1-9]\d*)$/;

/** The id of the listing `id` is an entry of; undefined when it is not an entry's id. */
export function listingOf(id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  return ENTRY.exec(id)?.[1];
}
