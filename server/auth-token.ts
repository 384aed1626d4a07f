/**
 * Verifies a signed link's token for one document (docs/server.md, "Signed links") with jose:
 * the key is chosen by the header's `kid` (or is the only one), and only that key's algorithm is
 * accepted, so `alg: none` and an HS256 token "signed" with a public key are refused. `exp` and
 * `doc` are required; clocks may disagree by up to a minute (AUTH_CLOCK_SKEW_S may lower it). A
 * token that lives longer than AUTH_MAX_TTL (from its `iat`, and from now) is refused too.
 */
import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { PERMISSIONS } from '../facility/policy/reader.ts';
import type { Permission, Reader } from '../facility/policy/reader.ts';
import { DEFAULT_MAX_TTL_S, MAX_CLOCK_SKEW_S } from './auth-keys.ts';
import type { VerifyKey } from './auth-keys.ts';
import { tokenCovers } from '../facility/archives/entry-id.ts';

/** What the API answers for each way a token fails (docs/server.md). */
export type TokenFailure =
  'token_missing' | 'token_invalid' | 'token_expired' | 'token_other_document';

/** `why`: for the server's log only (the answer says just `error`). */
export type Verified =
  { ok: true; reader: Reader } | { ok: false; error: TokenFailure; why?: string };

const fail = (error: TokenFailure, why?: string): Verified => ({ ok: false, error, why });

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +([\w.~+/-]+=*) *$/i.exec(header ?? '');
  return match?.[1];
}

function optionalString(payload: JWTPayload, name: string): string | undefined | null {
  const value = payload[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/** The reader of a verified payload, or null when a claim has the wrong shape. */
function readerOf(payload: JWTPayload): Reader | null {
  const { doc, exp, perm } = payload;
  if (typeof doc !== 'string' || typeof exp !== 'number') return null;
  const name = optionalString(payload, 'name');
  const sub = optionalString(payload, 'sub');
  const watermark = optionalString(payload, 'watermark');
  if (name === null || sub === null || watermark === null) return null;
  const known = (value: unknown): value is Permission => PERMISSIONS.includes(value as Permission);
  // An unknown permission is a host's typo: refused rather than silently narrowing.
  if (perm !== undefined && !(Array.isArray(perm) && perm.every(known))) return null;
  return { doc, exp, sub, name, watermark, perm };
}

/**
 * The key named by `kid`. A lone key (the secret, or one public key) verifies whatever `kid` a
 * token names: `kid` only picks a key, the signature is what counts.
 */
function keyFor(kid: string | undefined, keys: readonly VerifyKey[]): VerifyKey | undefined {
  if (keys.length === 1) return keys[0];
  return keys.find((key) => key.kid === kid);
}

export interface VerifyLimits {
  /** Default (and at most) {@link MAX_CLOCK_SKEW_S}. */
  clockToleranceS?: number;
  /** Default {@link DEFAULT_MAX_TTL_S}. */
  maxTtlS?: number;
}

/** Whether the token lives longer than allowed: from its `iat` (or now, if later or absent) to `exp`. */
function overLifetime(payload: JWTPayload, maxTtlS: number, toleranceS: number): boolean {
  const exp = payload.exp ?? 0;
  const nowS = Math.floor(Date.now() / 1000);
  const from = typeof payload.iat === 'number' ? Math.min(payload.iat, nowS) : nowS;
  return exp - from > maxTtlS + toleranceS;
}

export async function verifyToken(
  token: string | undefined,
  keys: readonly VerifyKey[],
  id: string,
  { clockToleranceS = MAX_CLOCK_SKEW_S, maxTtlS = DEFAULT_MAX_TTL_S }: VerifyLimits = {},
): Promise<Verified> {
  const toleranceS = Math.min(clockToleranceS, MAX_CLOCK_SKEW_S);
  if (token === undefined) return fail('token_missing');
  let kid: string | undefined;
  try {
    ({ kid } = decodeProtectedHeader(token));
  } catch {
    return fail('token_invalid');
  }
  const chosen = keyFor(kid, keys);
  if (chosen === undefined) return fail('token_invalid');
  try {
    const { payload } = await jwtVerify(token, chosen.key, {
      algorithms: [chosen.alg],
      clockTolerance: toleranceS,
      requiredClaims: ['exp', 'doc'],
    });
    if (overLifetime(payload, maxTtlS, toleranceS)) {
      return fail('token_invalid', `lives longer than AUTH_MAX_TTL (${String(maxTtlS)} s)`);
    }
    const reader = readerOf(payload);
    if (reader === null) return fail('token_invalid');
    // A token naming an archive or an e-mail opens its entries too (facility/archives/entry-id.ts).
    return tokenCovers(reader.doc, id) ? { ok: true, reader } : fail('token_other_document');
  } catch (error) {
    return fail(error instanceof errors.JWTExpired ? 'token_expired' : 'token_invalid');
  }
}
