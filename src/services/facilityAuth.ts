/**
 * How Folio proves to the facility that this reader may read (docs/embedding.md, "Signed links"):
 * the signed link's token, held in memory only (never in storage, a URL Folio requests, or a log),
 * sent as `Authorization: Bearer` on every facility request; and `window.previewCredentials`
 * for a facility on another origin that relies on its own cookies instead.
 */
import { documentPasswordHeaders } from './documentPassword';

declare global {
  interface Window {
    /**
     * Folio: whether facility requests carry cookies: `'same-origin'` (default), `'include'` (a
     * facility on another origin that uses its own login cookies; it must answer CORS with
     * credentials, docs/deploying.md) or `'omit'`.
     */
    previewCredentials?: string;
  }
}

let current: string | undefined;

/** The token every facility request carries from now on (a renewal replaces it). */
export function setFacilityToken(token: string | undefined): void {
  current = token;
}

export function facilityToken(): string | undefined {
  return current;
}

const CREDENTIALS: readonly RequestCredentials[] = ['same-origin', 'include', 'omit'];

export function facilityCredentials(
  win: { previewCredentials?: unknown } = globalThis as { previewCredentials?: unknown },
): RequestCredentials {
  const given = win.previewCredentials;
  return CREDENTIALS.find((value) => value === given) ?? 'same-origin';
}

/**
 * The headers of a facility request, with the token when there is one and the reader's password
 * for an encrypted document when one was given (documentPassword.ts).
 */
export function facilityHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const withPassword = { ...headers, ...documentPasswordHeaders() };
  return current === undefined
    ? withPassword
    : { ...withPassword, Authorization: `Bearer ${current}` };
}

/** `fetch`'s options for a facility request: its credentials and headers. */
export function facilityInit(init: RequestInit & { headers?: Record<string, string> } = {}) {
  return { ...init, credentials: facilityCredentials(), headers: facilityHeaders(init.headers) };
}

/**
 * The token's `exp` (seconds since the epoch), read without verifying (the facility verifies);
 * undefined when it has none or is not a JWT.
 */
export function tokenExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const payload = parts[1];
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}
