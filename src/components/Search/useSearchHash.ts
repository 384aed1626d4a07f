/**
 * The `#search=<text>` deep link (contracts §4): when a document opens with it (and `showSearch`
 * allows search), the find bar opens on that text and runs it; a reader who edits the hash to
 * another `search=` gets that search. `#page`/`#zoom` stay useHashSync's.
 */
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { searchActions } from '../../models/search';
import { MAX_QUERY_LENGTH } from '../../models/search/state';
import { readHashKey } from '../../url';
import { sanitizeText } from '../../services/sanitizeText';

/** The hash's search text, cleaned (it is untrusted, like any URL), or '' when there is none. */
export function searchFromHash(hash: string): string {
  return sanitizeText(readHashKey(hash, 'search') ?? '', MAX_QUERY_LENGTH);
}

export function useSearchHash(available: boolean): void {
  const dispatch = useAppDispatch();
  const docId = useAppSelector((state) => state.doc.docId);
  const appliedFor = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!available || docId === undefined || appliedFor.current === docId) return;
    appliedFor.current = docId;
    const query = searchFromHash(window.location.hash);
    if (query !== '') dispatch(searchActions.openWith(query));
  }, [available, docId, dispatch]);

  useEffect(() => {
    if (!available) return undefined;
    const onHashChange = (event: HashChangeEvent) => {
      const query = searchFromHash(window.location.hash);
      const before = searchFromHash(new URL(event.oldURL, window.location.href).hash);
      if (query !== '' && query !== before) dispatch(searchActions.openWith(query));
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [available, dispatch]);
}
