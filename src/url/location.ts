/**
 * The page's location, read from the window in this one place (src/url/ reads the URL; nothing
 * else does): `pathname`, `search` and `hash`, all empty outside a browser (Node tests, workers).
 */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

export function pageLocation(): PageLocation {
  if (typeof window === 'undefined') return { pathname: '', search: '', hash: '' };
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** Loads the page again (a chunk that failed to load after a redeploy). */
export function reloadPage(): void {
  window.location.reload();
}
