/**
 * The viewer URL's hash (DESIGN §4): PDF open parameters, `#page=<n>&zoom=<percent>`. When a
 * document opens, its hash takes the reader there; while reading, `#page` (and `zoom`, once it is
 * not 100 %) follow the reader, so a copied URL reopens at the same place. Other hash keys
 * (`search=`, `nameddest=` …) are kept as they are, and `?doc=` is never touched.
 */
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import type { Dispatch } from '../../runtime';
import { docModel } from '../../models/doc';
import { selectZoomPercent } from '../../models/doc/selectors';

/** At most one history write per interval: scrolling through pages must not spam history. */
export const HASH_WRITE_INTERVAL_MS = 500;

export interface HashView {
  /** 1-based page; 0 is kept (the model makes it page 1). */
  page?: number;
  /** Percent. */
  zoom?: number;
}

interface Segment {
  key: string;
  raw: string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function segments(hash: string): Segment[] {
  return hash
    .replace(/^#/, '')
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const at = raw.indexOf('=');
      return { key: decode(at < 0 ? raw : raw.slice(0, at)).toLowerCase(), raw };
    });
}

function valueOf(segment: Segment): string {
  const at = segment.raw.indexOf('=');
  return at < 0 ? '' : decode(segment.raw.slice(at + 1)).trim();
}

/**
 * The text of one hash key (case-insensitive, the first occurrence wins, `+` and %-escapes
 * decoded, trimmed), or undefined when the key is absent. For keys other features own, such as
 * `search` (DESIGN §4).
 */
export function readHashKey(hash: string, key: string): string | undefined {
  const segment = segments(hash).find((s) => s.key === key.toLowerCase());
  return segment ? valueOf(segment) : undefined;
}

/**
 * Reads `page` and a numeric `zoom` from a hash (keys as pdf.js reads them: case-insensitive, the
 * first occurrence wins). `zoom=150,10,20` (with a position) is 150; `zoom=page-width` and other
 * named zooms, and anything not a number, are ignored.
 */
export function parseHash(hash: string): HashView {
  const all = segments(hash);
  const view: HashView = {};
  const page = all.find((s) => s.key === 'page');
  if (page && /^\d{1,15}$/.test(valueOf(page))) view.page = Number(valueOf(page));
  const zoom = all.find((s) => s.key === 'zoom');
  const percent = zoom ? (valueOf(zoom).split(',')[0] ?? '').trim() : '';
  if (/^\d{1,6}(\.\d+)?$/.test(percent) && Number(percent) > 0) view.zoom = Number(percent);
  return view;
}

/**
 * The hash with `page` (and `zoom`, when given) set, every other key kept in place and in order.
 * A missing `page` goes first and a missing `zoom` right after it, as in pdf.js's own links.
 */
export function formatHash(hash: string, view: { page: number; zoom?: number }): string {
  const own = {
    page: `page=${view.page}`,
    zoom: view.zoom === undefined ? undefined : `zoom=${view.zoom}`,
  };
  const kept: string[] = [];
  const placed = { page: false, zoom: false };
  for (const segment of segments(hash)) {
    if (segment.key === 'page' || (segment.key === 'zoom' && own.zoom !== undefined)) {
      const key = segment.key;
      if (!placed[key]) kept.push(own[key] ?? segment.raw);
      placed[key] = true;
    } else {
      kept.push(segment.raw);
    }
  }
  if (!placed.page) kept.unshift(own.page);
  if (own.zoom !== undefined && !placed.zoom) {
    kept.splice(kept.indexOf(own.page) + 1, 0, own.zoom);
  }
  return `#${kept.join('&')}`;
}

/**
 * The hash to show for the reader's place: `zoom` is written once it differs from 100 % or when
 * the hash already holds a numeric zoom (which must then follow); nothing changes while the reader
 * is still where a hash without `page` puts them (page 1, 100 %).
 */
export function hashForView(hash: string, page: number, zoomPercent: number): string {
  const current = parseHash(hash);
  const zoom = zoomPercent !== 100 || current.zoom !== undefined ? zoomPercent : undefined;
  if (current.page === undefined && page === 1 && zoom === undefined) return hash;
  return formatHash(hash, { page, zoom });
}

function applyHash(dispatch: Dispatch, hash: string): void {
  const { page, zoom } = parseHash(hash);
  // Zoom first, so the page is then found at its final scale.
  if (zoom !== undefined) dispatch(docModel.actions.zoomTo(zoom));
  if (page !== undefined) dispatch(docModel.actions.setPage(page));
}

/** Replaces the URL's hash, unless the URL now names another document (the reader moved on). */
function writeHash(docId: string, page: number, zoomPercent: number): void {
  const { pathname, search, hash } = window.location;
  if (new URLSearchParams(search).get('doc')?.trim() !== docId) return;
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
  const ready = useAppSelector((state) => state.doc.status === 'ready');
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
