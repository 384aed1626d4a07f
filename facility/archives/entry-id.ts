/**
 * An archive entry's id (docs/server.md, "Archives and e-mail"): the archive's id, then `!` and
 * the entry's 1-based index in the archive's own directory, once per level (`a.zip!3`, an archive
 * inside it `a.zip!3!2`). Only an id whose first part names a listing format (an archive or an
 * e-mail, formats.ts) is one: any other id is a document's path as before.
 */
import { formatOf } from '../conversion/formats.ts';

export interface EntryId {
  /** The outermost archive's id, a document of the source. */
  archive: string;
  /** The index at each level, outermost first. */
  indices: number[];
}

const ENTRY_SUFFIX = /^(.+?)((?:!\d{1,9})+)$/;

export function parseEntryId(id: string): EntryId | undefined {
  const match = ENTRY_SUFFIX.exec(id);
  if (!match) return undefined;
  const [, archive = '', suffix = ''] = match;
  if (formatOf(archive)?.view !== 'listing') return undefined;
  const indices = suffix.slice(1).split('!').map(Number);
  return indices.every((index) => index >= 1) ? { archive, indices } : undefined;
}

/**
 * Whether a signed link naming `doc` opens `id`: the document itself, or an entry of it at any
 * depth when it is an archive or an e-mail (the same token, policy and watermark).
 */
export function tokenCovers(doc: string, id: string): boolean {
  if (id === doc) return true;
  return parseEntryId(id)?.archive === doc;
}
