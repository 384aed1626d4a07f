/**
 * Everything a link tells the viewer (contracts §4), read in one place: the document (`?doc=`), and
 * the hash's place (`#page=`, `#zoom=`) and search (`#search=`). A new link parameter is one field
 * here and one line in readLink; the url model (src/models/url/) turns a change into actions.
 */
import { readDocId } from './docId';
import type { DocIdResult } from './docId';
import { parseHash, readHashKey } from './hash';
import type { HashView } from './hash';

export interface Link {
  doc: DocIdResult;
  /** `#page=` and a numeric `#zoom=`. */
  view: HashView;
  /** `#search=` as written (untrusted: the url model cleans it), '' when absent. */
  search: string;
}

export const NO_LINK: Link = { doc: { kind: 'none' }, view: {}, search: '' };

export function readLink({ search, hash }: { search: string; hash: string }): Link {
  return {
    doc: readDocId(new URLSearchParams(search).get('doc')),
    view: parseHash(hash),
    search: readHashKey(hash, 'search') ?? '',
  };
}

/** The id a link names, or undefined (none, or one refused). */
export const linkedDocId = (link: Link): string | undefined =>
  link.doc.kind === 'id' ? link.doc.id : undefined;

export const sameView = (a: HashView, b: HashView): boolean =>
  a.page === b.page && a.zoom === b.zoom;
