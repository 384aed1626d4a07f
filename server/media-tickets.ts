/**
 * Media tickets (docs/server.md, "Audio and video"): a `<video>` or `<track>` element requests its
 * URL itself and cannot send `Authorization: Bearer`, so the metadata of a verified reader names
 * the media's and captions' URLs with a ticket in the path — the reader (the token's claims) and
 * its expiry, signed by the server with HMAC-SHA256. The ticket opens only `media` and `tracks`
 * of the one document the token named, under the same policy, until the token's own `exp` or
 * {@link TICKET_AT_LEAST_S} from the open, whichever is later.
 *
 * Its key: derived (HKDF) from AUTH_SECRET, so every server sharing the secret reads every
 * ticket; with public keys only (the server holds no secret), a random key per process, so a
 * ticket is read by the server that made it (a balancer keeps a reader on one server, or the
 * viewer asks for the metadata again: the tickets last as long as one open).
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Reader } from '../facility/policy/reader.ts';
import { DEFAULT_MEDIA_LIMITS } from '../facility/media/probe.ts';
import type { AuthSettings } from './auth-keys.ts';

export interface MediaTickets {
  /** The ticket for `reader` of `id`. */
  mint: (id: string, reader: Reader | undefined) => string;
  /** The reader a ticket names, when it is this server's, of `id`, and not expired. */
  verify: (id: string, ticket: string, nowS?: number) => Reader | undefined;
}

interface Claims {
  doc: string;
  exp: number;
  sub?: string | undefined;
  name?: string | undefined;
  watermark?: string | undefined;
  perm?: Reader['perm'];
}

function keyOf(auth: Extract<AuthSettings, { mode: 'tokens' }>): Buffer {
  const secret = auth.keys.find((key) => key.alg === 'HS256')?.key;
  if (secret instanceof Uint8Array) {
    return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'folio media ticket', 32));
  }
  return randomBytes(32);
}

/**
 * A ticket lives until its token's `exp`, and at least this long from the open: the longest media
 * played (DEFAULT_MEDIA_LIMITS.maxDurationS), so a player is not cut mid-film when a host mints
 * short tokens (a host's `folio:setToken` reaches the bearer requests, not a player's URL).
 */
const TICKET_AT_LEAST_S = DEFAULT_MEDIA_LIMITS.maxDurationS;
const nowS = () => Math.floor(Date.now() / 1000);

export function createMediaTickets(auth: Extract<AuthSettings, { mode: 'tokens' }>): MediaTickets {
  const key = keyOf(auth);
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    mint(id, reader) {
      // Without a reader (never with tokens on), a ticket that has already expired.
      // A film outlives a short token: the ticket lasts as long as the longest media played.
      const exp = reader === undefined ? 0 : Math.max(reader.exp, nowS() + TICKET_AT_LEAST_S);
      const claims: Claims = {
        doc: id,
        exp,
        sub: reader?.sub,
        name: reader?.name,
        watermark: reader?.watermark,
        perm: reader?.perm,
      };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${sign(body)}`;
    },

    verify(id, ticket, at = Date.now() / 1000) {
      const parts = ticket.split('.');
      const [body = '', mac = ''] = parts;
      if (parts.length !== 2 || body === '') return undefined;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let claims: Claims;
      try {
        claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
      } catch {
        return undefined;
      }
      if (claims.doc !== id || typeof claims.exp !== 'number' || claims.exp <= at) {
        return undefined;
      }
      const { doc, exp, sub, name, watermark, perm } = claims;
      return { doc, exp, sub, name, watermark, perm };
    },
  };
}
