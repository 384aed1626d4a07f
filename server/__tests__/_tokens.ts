/**
 * Tokens no honest library would make, built by hand for the tests that show they are refused:
 * `alg: none`, and HS256 "signed" with a public key's PEM text (the HS/RS confusion attack).
 */
import { createHmac } from 'node:crypto';

export const base64url = (text: string): string => Buffer.from(text).toString('base64url');

function segments(alg: string, claims: Record<string, unknown>, kid?: string): string {
  const header = base64url(
    JSON.stringify({ alg, typ: 'JWT', ...(kid === undefined ? {} : { kid }) }),
  );
  return `${header}.${base64url(JSON.stringify(claims))}`;
}

export function unsignedToken(claims: Record<string, unknown>, kid?: string): string {
  return `${segments('none', claims, kid)}.`;
}

export function signHs256(claims: Record<string, unknown>, secret: string, kid?: string): string {
  const body = segments('HS256', claims, kid);
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
