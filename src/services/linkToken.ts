/**
 * Takes the signed link's token out of the address bar as the app starts (src/url/token.ts reads
 * it), before the router reads the URL, so it is not in the history, a copied link or a bookmark;
 * from then on it lives in memory only (facilityAuth.ts).
 */
import { readLinkToken } from '../url';
import { setFacilityToken } from './facilityAuth';

/** The token the URL carried, now held in memory; undefined when there was none. */
export function adoptLinkToken(win: Window = window): string | undefined {
  const { pathname, search, hash } = win.location;
  const link = readLinkToken(search, hash);
  if (link.search !== search || link.hash !== hash) {
    win.history.replaceState(win.history.state, '', `${pathname}${link.search}${link.hash}`);
  }
  if (link.token !== undefined) setFacilityToken(link.token);
  return link.token;
}
