/**
 * Writes the reader's place into the hash (contracts §4), so a copied URL reopens there. Every
 * other hash key is kept, `?doc=` never touched, and `replaceState` fires no `hashchange`, so
 * writing cannot loop back into followLink.
 */
import { pageLocation } from './location';
import { docIdFromSearch } from './query';
import { hashForView } from './hash';

/** Replaces the URL's hash, unless the URL now names another document (the reader moved on). */
export function writeHash(docId: string, page: number, zoomPercent: number): void {
  const { pathname, search, hash } = pageLocation();
  const named = docIdFromSearch(search);
  if (named.kind !== 'id' || named.id !== docId) return;
  const next = hashForView(hash, page, zoomPercent);
  if (next === hash) return;
  // react-router keeps its own entry state (key, index) in history.state: carry it over.
  window.history.replaceState(window.history.state, '', `${pathname}${search}${next}`);
}
