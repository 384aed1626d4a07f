/**
 * The keys signed links are verified with (docs/server.md, "Signed links"), from the environment:
 * AUTH_SECRET (HS256, at least 32 bytes) or AUTH_PUBLIC_KEYS (a file of public keys: a JWK, a JWK
 * Set or an array of JWKs, or one or more PEM `PUBLIC KEY` blocks; RS256, ES256 or EdDSA). Each
 * key's algorithm is pinned from its type, so a token can never pick a weaker one (`none`, or
 * HS256 "signed" with a public key). A PEM's `kid` is its RFC 7638 thumbprint.
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { calculateJwkThumbprint, importJWK } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { duration, number, setting } from './env.ts';

export type KeyAlgorithm = 'HS256' | 'RS256' | 'ES256' | 'EdDSA';

export interface VerifyKey {
  /** Undefined for the shared secret (a token then names no `kid`, or any). */
  kid?: string;
  alg: KeyAlgorithm;
  key: CryptoKey | Uint8Array;
}

/** `off`: every document is open (an explicit choice for `npm run serve`: AUTH=off). */
export type AuthSettings =
  | { mode: 'off' }
  | {
      mode: 'tokens';
      keys: readonly VerifyKey[];
      /** How far clocks may disagree on `exp` and `nbf`; default (and at most) 60 s. */
      clockToleranceS?: number;
      /** Tokens living longer are refused; default {@link DEFAULT_MAX_TTL_S}. */
      maxTtlS?: number;
    };

/** The most a token's clock may be off (AUTH_CLOCK_SKEW_S may only lower it). */
export const MAX_CLOCK_SKEW_S = 60;

/**
 * The longest a token may live (AUTH_MAX_TTL): a leaked link must not open a document for years.
 * A host mints one per open, so a day is long; a host that keeps readers in a tab for longer hands
 * Folio a fresh token (`folio:setToken`).
 */
export const DEFAULT_MAX_TTL_S = 24 * 3600;
const MAX_TTL_LIMIT_S = 365 * 86_400;

/** AUTH_MAX_TTL in seconds (default a day), for the server and for `npm run token`. */
export function maxTtlFromEnv(): number {
  return duration('AUTH_MAX_TTL', DEFAULT_MAX_TTL_S, 60, MAX_TTL_LIMIT_S);
}

/** HS256's key should be as long as its hash (RFC 7518 §3.2). */
const MIN_SECRET_BYTES = 32;

/** The one algorithm a key of this type may sign or verify. */
export function algorithmOf(jwk: JWK): KeyAlgorithm {
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw new Error(`a ${String(jwk.kty)} ${jwk.crv ?? ''} key is not RS256, ES256 (P-256) or EdDSA`);
}

async function publicKey(jwk: JWK): Promise<VerifyKey> {
  if (jwk.d !== undefined || jwk.kty === 'oct') {
    throw new Error('holds a private or secret key: it must hold public keys only');
  }
  const alg = algorithmOf(jwk);
  if (jwk.alg !== undefined && jwk.alg !== alg) {
    throw new Error(
      `key ${jwk.kid ?? ''} says alg ${jwk.alg}, but a ${jwk.kty ?? ''} key is ${alg}`,
    );
  }
  const kid = jwk.kid ?? (await calculateJwkThumbprint(jwk));
  const key = await importJWK({ ...jwk, alg }, alg);
  return { kid, alg, key };
}

const PEM_BLOCK = /-----BEGIN PUBLIC KEY-----[^-]+-----END PUBLIC KEY-----/g;

/** The keys of an AUTH_PUBLIC_KEYS file's text. */
export async function parsePublicKeys(text: string): Promise<VerifyKey[]> {
  let jwks: JWK[];
  if (text.includes('-----BEGIN')) {
    const blocks = text.match(PEM_BLOCK) ?? [];
    if (blocks.length === 0) throw new Error('has no "-----BEGIN PUBLIC KEY-----" block');
    jwks = blocks.map((pem) => createPublicKey(pem).export({ format: 'jwk' }) as JWK);
  } else {
    const json = JSON.parse(text) as unknown;
    const set = json as { keys?: unknown };
    const list = Array.isArray(json) ? json : Array.isArray(set.keys) ? set.keys : [json];
    jwks = list as JWK[];
  }
  const keys = await Promise.all(jwks.map(publicKey));
  if (keys.length === 0) throw new Error('holds no key');
  const kids = keys.map((key) => key.kid);
  const twice = kids.find((kid, index) => kids.indexOf(kid) !== index);
  if (twice !== undefined) throw new Error(`has two keys with kid "${twice}"`);
  return keys;
}

export function secretKey(secret: string): VerifyKey {
  const key = new TextEncoder().encode(secret);
  if (key.length < MIN_SECRET_BYTES) {
    throw new Error(`AUTH_SECRET must be at least ${String(MIN_SECRET_BYTES)} bytes`);
  }
  return { alg: 'HS256', key };
}

const NAMES = 'AUTH_SECRET or AUTH_PUBLIC_KEYS';

/**
 * The settings of the environment. `required` (`npm run serve`): no key and no AUTH=off is an
 * error naming the variables; otherwise (preview, `npm start`) no key means open.
 */
export async function authFromEnv({ required }: { required: boolean }): Promise<AuthSettings> {
  const secret = setting('AUTH_SECRET');
  const file = setting('AUTH_PUBLIC_KEYS');
  const off = setting('AUTH');
  if (off !== undefined && off !== 'off') throw new Error(`AUTH may only be "off", not "${off}"`);
  if (off === 'off') {
    if (secret !== undefined || file !== undefined) {
      throw new Error(`AUTH=off and ${NAMES} are both set: choose one`);
    }
    return { mode: 'off' };
  }
  if (secret !== undefined && file !== undefined) throw new Error(`set ${NAMES}, not both`);
  const clockToleranceS = number('AUTH_CLOCK_SKEW_S', MAX_CLOCK_SKEW_S, 0, MAX_CLOCK_SKEW_S);
  const maxTtlS = maxTtlFromEnv();
  if (secret !== undefined) {
    return { mode: 'tokens', keys: [secretKey(secret)], clockToleranceS, maxTtlS };
  }
  if (file !== undefined) {
    try {
      const keys = await parsePublicKeys(readFileSync(file, 'utf8'));
      return { mode: 'tokens', keys, clockToleranceS, maxTtlS };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`AUTH_PUBLIC_KEYS ${file}: ${why}`, { cause: error });
    }
  }
  if (required) {
    throw new Error(
      `set ${NAMES} so only readers with a signed link can open documents ` +
        '(docs/server.md, "Signed links"), or AUTH=off to serve every document to anyone',
    );
  }
  return { mode: 'off' };
}
