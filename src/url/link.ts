/**
 * What a link names (contracts §4): the document (`?doc=`), and its hash as written. The hash's
 * parameters, and what each does, are the url model's (src/models/url/effects.ts), which reads
 * them with readHashKey; so a new one is not a change here.
 */
import type { DocIdResult } from './docId';
import { docIdFromSearch } from './query';

export interface Link {
  doc: DocIdResult;
  /** The hash as written (untrusted), `''` when there is none. */
  hash: string;
}

export const NO_LINK: Link = { doc: { kind: 'none' }, hash: '' };

export function readLink({ search, hash }: { search: string; hash: string }): Link {
  return { doc: docIdFromSearch(search), hash };
}

/** The id a link names, or undefined (none, or one refused). */
export const linkedDocId = (link: Link): string | undefined =>
  link.doc.kind === 'id' ? link.doc.id : undefined;
