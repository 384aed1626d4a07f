/**
 * The one listener on the URL, over the page's one history (history.ts), which reads the window's
 * location at each access: the hash the viewer writes behind the router's back (writeHash.ts:
 * `replaceState`, so scrolling does not re-render the page) is current. A hash the reader edits
 * arrives as `hashchange`.
 */
import type { HistoryLike } from '../runtime';
import { readLink } from './link';
import type { Link } from './link';

function currentLink(history: HistoryLike): Link {
  return readLink(history.location);
}

/** Calls `onLink` now and on every change of what the link says; returns the unlistener. */
export function followLink(history: HistoryLike, onLink: (link: Link) => void): () => void {
  let last = '';
  const notify = () => {
    const link = currentLink(history);
    const key = JSON.stringify(link);
    if (key === last) return;
    last = key;
    onLink(link);
  };
  notify();
  const unlisten = history.listen(notify);
  if (typeof window === 'undefined') return unlisten;
  window.addEventListener('hashchange', notify);
  return () => {
    unlisten();
    window.removeEventListener('hashchange', notify);
  };
}
