/**
 * A signed link's token (docs/embedding.md, "Signed links"): `#token=` (the fragment never reaches
 * a server's access log or a Referer), else `?token=`. Read once at start, then taken out of the
 * address bar with everything else of the URL kept as it was written. The boot's early request
 * (src/boot/earlyRequests.ts) reads it here too.
 */

/** What a bearer token may hold (RFC 6750 b64token): anything else is not sent at all. */
const TOKEN = /^[\w.~+/-]+=*$/;
const MAX_TOKEN_LENGTH = 8192;

/** A token Folio would send (a link's, or a host's `folio:setToken`). */
export function isUsableToken(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TOKEN_LENGTH && TOKEN.test(value);
}

export interface UrlToken {
  /** The token, when the URL carries a usable one. */
  token: string | undefined;
  /** The query without `token` (`''` or `?…`). */
  search: string;
  /** The fragment without `token` (`''` or `#…`). */
  hash: string;
}

/** The name of a `name=value` segment as the viewer compares it: decoded, lower case. */
function keyOf(segment: string): string {
  const at = segment.indexOf('=');
  const raw = at < 0 ? segment : segment.slice(0, at);
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Whether a query or fragment segment is a `token` the viewer would read (the server's log hides it). */
export function isTokenSegment(segment: string): boolean {
  return keyOf(segment) === 'token';
}

/** The first `token=` value of `&`-separated text, and the text without any `token` segment. */
function take(text: string): { value: string | undefined; rest: string } {
  const segments = text.split('&');
  const found = segments.find(isTokenSegment);
  const rest = segments.filter((segment) => !isTokenSegment(segment)).join('&');
  const at = found?.indexOf('=') ?? -1;
  return { value: found === undefined || at < 0 ? undefined : found.slice(at + 1), rest };
}

export function readUrlToken(search: string, hash: string): UrlToken {
  const fromHash = take(hash.replace(/^#/, ''));
  const fromQuery = take(search.replace(/^\?/, ''));
  const raw = fromHash.value ?? fromQuery.value;
  const token = isUsableToken(raw) ? raw : undefined;
  return {
    token,
    search: fromQuery.rest === '' ? '' : `?${fromQuery.rest}`,
    hash: fromHash.rest === '' ? '' : `#${fromHash.rest}`,
  };
}

/**
 * Takes the signed link's token out of the address bar (history.replaceState, every other part of
 * the URL kept as written), so it is not in the history, a copied link or a bookmark; gives it.
 * Called once as the app starts, before the router reads the URL.
 */
export function takeUrlToken(win: Window = window): string | undefined {
  const { pathname, search, hash } = win.location;
  const link = readUrlToken(search, hash);
  if (link.search !== search || link.hash !== hash) {
    win.history.replaceState(win.history.state, '', `${pathname}${link.search}${link.hash}`);
  }
  return link.token;
}
