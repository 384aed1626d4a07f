/**
 * The viewer URL's query (docs/contracts.md §4): `?doc=<id>` names the document, `?lang=` the
 * language. Every reader of the query asks here.
 */
import { readDocId } from './docId';
import type { DocIdResult } from './docId';

/** The document the query names, checked (see readDocId). */
export function docIdFromSearch(search: string): DocIdResult {
  return readDocId(new URLSearchParams(search).get('doc'));
}

/** Whether the URL is a document link at all, for work worth starting before React does. */
export function namesDocument(search: string): boolean {
  return new URLSearchParams(search).has('doc');
}

/** `?lang=`, as given (pickLocale decides what it means). */
export function langFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('lang');
}
