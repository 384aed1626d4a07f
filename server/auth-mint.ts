/**
 * Minting signed links (docs/embedding.md, "Signed links"): what a host's backend does, here for
 * `npm run token` (scripts/token.ts) and the example host page's dev server. The key is
 * AUTH_SECRET (HS256), or AUTH_PRIVATE_KEY: a file with one private key (a JWK or a PEM), whose
 * `kid` is the key's own or its public key's RFC 7638 thumbprint, as server/auth-keys.ts names a
 * PEM.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignJWT, calculateJwkThumbprint, importJWK } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import type { Permission } from '../facility/policy/reader.ts';
import { algorithmOf, secretKey } from './auth-keys.ts';
import type { KeyAlgorithm } from './auth-keys.ts';

export interface SigningKey {
  alg: KeyAlgorithm;
  kid?: string;
  key: CryptoKey | Uint8Array;
}

export interface LinkClaims {
  doc: string;
  name?: string;
  sub?: string;
  perm?: readonly Permission[];
  watermark?: string;
  /** Seconds the link lives. */
  ttlS: number;
}

async function privateKey(text: string): Promise<SigningKey> {
  const jwk = text.includes('-----BEGIN')
    ? (createPrivateKey(text).export({ format: 'jwk' }) as JWK)
    : (JSON.parse(text) as JWK);
  if (jwk.d === undefined) throw new Error('AUTH_PRIVATE_KEY must hold a private key');
  const alg = algorithmOf(jwk);
  const publicJwk = createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'jwk' }) as JWK;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  return { alg, kid, key: (await importJWK({ ...jwk, alg }, alg)) as CryptoKey };
}

/** AUTH_SECRET, else AUTH_PRIVATE_KEY's file; undefined when neither is set. */
export async function signingKeyFromEnv(env: NodeJS.ProcessEnv): Promise<SigningKey | undefined> {
  const secret = env.AUTH_SECRET?.trim();
  if (secret) return secretKey(secret);
  const file = env.AUTH_PRIVATE_KEY?.trim();
  if (file) return privateKey(readFileSync(file, 'utf8'));
  return undefined;
}

export async function mintToken(claims: LinkClaims, signing: SigningKey): Promise<string> {
  const { ttlS, doc, name, sub, perm, watermark } = claims;
  const payload = { doc, name, perm, watermark };
  const jwt = new SignJWT(JSON.parse(JSON.stringify(payload)) as Record<string, unknown>)
    .setProtectedHeader({
      alg: signing.alg,
      typ: 'JWT',
      ...(signing.kid ? { kid: signing.kid } : {}),
    })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS);
  if (sub !== undefined) jwt.setSubject(sub);
  return jwt.sign(signing.key);
}

/** The viewer's link: the id in the query, the token in the fragment (never sent to a server). */
export function viewerLink(viewer: string, doc: string, token: string): string {
  const url = new URL(viewer);
  url.searchParams.set('doc', doc);
  url.hash = `token=${token}`;
  return url.href;
}
