/**
 * The viewer URL's hash (contracts §4): PDF open parameters, `#page=<n>&zoom=<percent>`. When a
 * document opens, its hash takes the reader there; while reading, `#page` (and `zoom`, once it is
 * not 100 %) follow the reader, so a copied URL reopens at the same place. Other hash keys
 * (`search=`, `nameddest=` …) are kept as they are, and `?doc=` is never touched.
 */
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import type { Dispatch } from '../../runtime';
import { docActions } from '../../models/doc';
import { selectIsReady, selectZoomPercent } from '../../models/doc/selectors';
import { docIdFromSearch, hashForView, parseHash } from '../../url';

/** At most one history write per interval: scrolling through pages must not spam history. */
export const HASH_WRITE_INTERVAL_MS = 500;

function applyHash(dispatch: Dispatch, hash: string): void {
  const { page, zoom } = parseHash(hash);
  // Zoom first, so the page is then found at its final scale.
  if (zoom !== undefined) dispatch(docActions.zoomTo(zoom));
  if (page !== undefined) dispatch(docActions.setPage(page));
}

/** Replaces the URL's hash, unless the URL now names another document (the reader moved on). */
function writeHash(docId: string, page: number, zoomPercent: number): void {
  const { pathname, search, hash } = window.location;
  const named = docIdFromSearch(search);
  if (named.kind !== 'id' || named.id !== docId) return;
  const next = hashForView(hash, page, zoomPercent);
  if (next === hash) return;
  // react-router keeps its own entry state (key, index) in history.state: carry it over.
  window.history.replaceState(window.history.state, '', `${pathname}${search}${next}`);
}

/** A trailing throttle: the first change waits one interval, and the write uses the latest values. */
function createThrottle() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule(run: () => void, ms: number) {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Binds the URL hash to the doc model; the viewer page calls it once. A hash the reader edits by
 * hand (`hashchange`) is applied too. Writes use `history.replaceState`, which fires no
 * `hashchange`, so the two directions cannot loop.
 */
export function useHashSync({ intervalMs = HASH_WRITE_INTERVAL_MS }: { intervalMs?: number } = {}) {
  const dispatch = useAppDispatch();
  const docId = useAppSelector((state) => state.doc.docId);
  const ready = useAppSelector(selectIsReady);
  const page = useAppSelector((state) => state.doc.currentPage);
  const zoom = useAppSelector(selectZoomPercent);
  // The reader's place for the pending write, and the document whose hash has been applied.
  const latest = useRef({ page, zoom });
  const appliedFor = useRef<string | undefined>(undefined);
  const [throttle] = useState(createThrottle);

  useEffect(() => {
    latest.current = { page, zoom };
  });

  // On open: once per document, when it is ready.
  useEffect(() => {
    if (!ready || docId === undefined || appliedFor.current === docId) return;
    appliedFor.current = docId;
    applyHash(dispatch, window.location.hash);
  }, [dispatch, ready, docId]);

  useEffect(() => {
    if (!ready) return undefined;
    const onHashChange = () => {
      applyHash(dispatch, window.location.hash);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [dispatch, ready]);

  // A write still pending for a document that is no longer shown is dropped.
  useEffect(
    () => () => {
      throttle.cancel();
    },
    [docId, throttle],
  );

  useEffect(() => {
    if (!ready || docId === undefined || appliedFor.current !== docId) return;
    throttle.schedule(() => {
      writeHash(docId, latest.current.page, latest.current.zoom);
    }, intervalMs);
  }, [ready, docId, page, zoom, intervalMs, throttle]);
}

/** useHashSync as a component that renders nothing. */
export function HashSync(): null {
  useHashSync();
  return null;
}
