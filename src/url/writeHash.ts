/**
 * Writes the reader's place into the hash (contracts §4), so a copied URL reopens there. Every
 * other hash key is kept, `?doc=` never touched, and `replaceState` fires no `hashchange`, so
 * writing cannot loop back into followLink.
 */
import { pageLocation } from './location';
import { docIdFromSearch } from './query';
import { formatHash, hashForView } from './hash';

/** Replaces the URL's hash with `next`'s, unless the URL now names another document (the reader moved on). */
function replaceHash(docId: string, next: (hash: string) => string): boolean {
  const { pathname, search, hash } = pageLocation();
  const named = docIdFromSearch(search);
  if (named.kind !== 'id' || named.id !== docId) return false;
  const written = next(hash);
  if (written === hash) return false;
  // react-router keeps its own entry state (key, index) in history.state: carry it over.
  window.history.replaceState(window.history.state, '', `${pathname}${search}${written}`);
  return true;
}

export function writeHash(docId: string, page: number, zoomPercent: number): void {
  replaceHash(docId, (hash) => hashForView(hash, page, zoomPercent));
}

/**
 * The page alone, written by the boot's stage as the reader turns pages before the app has taken
 * over (docs/decisions/2026-12-07-boot-bar-turns-pages.md; the zoom is still the viewer's first),
 * with a `hashchange` for the URL's one listener (follow.ts), which `replaceState` does not reach:
 * an app already following the link goes there, one still loading reads it as it starts.
 */
export function writePageAhead(docId: string, page: number): void {
  if (replaceHash(docId, (hash) => formatHash(hash, { page }))) {
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }
}
