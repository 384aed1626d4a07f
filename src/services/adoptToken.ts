/**
 * The signed link's token, taken out of the address bar as the app starts (src/url/token.ts), held
 * in memory only from then on (facilityAuth.ts).
 */
import { takeUrlToken } from '../url';
import { setFacilityToken } from './facilityAuth';

/** The token the URL carried, now held in memory; undefined when there was none. */
export function adoptToken(win: Window = window): string | undefined {
  const token = takeUrlToken(win);
  if (token !== undefined) setFacilityToken(token);
  return token;
}
