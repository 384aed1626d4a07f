/**
 * Signed links on the server (docs/server.md, "Signed links"): with keys configured, every read of
 * `<base>api/documents/…` needs `Authorization: Bearer <token>` for that id, else 401
 * `token_missing` / `token_invalid` / `token_expired` or 403 `token_other_document`. The verified
 * reader goes to the facility (it narrows the policy and fills the watermark,
 * facility/policy/reader.ts); each open is one audit line. Refused tokens are counted per address
 * (auth-failures.ts); past the limit the address is answered 429 before its token is even verified,
 * so ids and keys cannot be guessed at speed. Health stays open.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Reader } from '../facility/policy/reader.ts';
import { DEFAULT_FAILURE_LIMIT, createFailureCounter } from './auth-failures.ts';
import type { FailureLimit } from './auth-failures.ts';
import type { AuthSettings } from './auth-keys.ts';
import { isTokenSegment } from '../src/url/token.ts';
import { bearerToken, verifyToken } from './auth-token.ts';
import type { MediaTickets } from './media-tickets.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader of a verified signed link (auth on, `api/documents/…` only). */
    reader?: Reader;
  }
}

const STATUS = {
  token_missing: 401,
  token_invalid: 401,
  token_expired: 401,
  token_other_document: 403,
} as const;

function refuse(reply: FastifyReply, status: number, error: string): FastifyReply {
  if (status === 401) reply.header('WWW-Authenticate', `Bearer error="invalid_token"`);
  return reply.code(status).header('Cache-Control', 'no-store').send({ error });
}

/** Checks tokens on the documents routes; register before them. Nothing when auth is off. */
export function registerAuth(
  app: FastifyInstance,
  {
    api,
    auth,
    tickets,
    failureLimit = DEFAULT_FAILURE_LIMIT,
  }: {
    api: string;
    auth: AuthSettings;
    /** Verifies the media's and captions' tickets (media-tickets.ts); required with tokens. */
    tickets?: MediaTickets;
    failureLimit?: FailureLimit;
  },
): void {
  if (auth.mode === 'off') return;
  const { keys, clockToleranceS, maxTtlS } = auth;
  // Only refused tokens are counted (a reader's byte ranges never are).
  const failures = createFailureCounter(failureLimit);
  const documents = `${api}documents/`;
  const metadata = `${documents}:id`;
  // A player's requests carry a ticket in the path instead of the header (media-tickets.ts).
  const ticketed = [`${documents}:id/media/:ticket`, `${documents}:id/tracks/:ticket/:lang`];
  app.decorateRequest('reader', undefined);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith(documents)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return; // 405 for the rest
    const blockedFor = failures.blockedFor(request.ip);
    if (blockedFor !== undefined) {
      reply.header('Retry-After', blockedFor);
      return refuse(reply, 429, 'too_many_token_failures');
    }
    const { id = '', ticket = '' } = request.params as { id?: string; ticket?: string };
    if (ticketed.includes(route)) {
      const reader = tickets?.verify(id, ticket);
      if (reader === undefined) {
        failures.refused(request.ip);
        return refuse(reply, 401, 'token_invalid');
      }
      request.reader = reader;
      return undefined;
    }
    const token = bearerToken(request.headers.authorization);
    const verified = await verifyToken(token, keys, id, { clockToleranceS, maxTtlS });
    if (!verified.ok) {
      failures.refused(request.ip);
      const { error, why } = verified;
      request.log.warn({ tokenRefused: error, why, doc: id, address: request.ip }, 'token');
      return refuse(reply, STATUS[error], error);
    }
    const { reader } = verified;
    request.reader = reader;
    if (route === metadata && request.method === 'GET') {
      request.log.info(
        {
          audit: {
            doc: id,
            reader: reader.sub ?? reader.name ?? null,
            name: reader.name ?? null,
            perm: reader.perm ?? 'document',
            address: request.ip,
            time: new Date().toISOString(),
          },
        },
        'document opened',
      );
    }
    return undefined;
  });
}

function decodedSegment(segment = ''): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Every `token` query parameter's value hidden (the server reads only the header, but a link may
 * still carry one), its name read as the viewer reads it (`t%6Fken`, `TOKEN`: src/url/token.ts),
 * and a media ticket's path segment.
 */
export function withoutToken(url: string): string {
  const queryAt = url.indexOf('?');
  // A media ticket in the path is a credential too (media-tickets.ts), found in the segments as
  // the router decodes them (`m%65dia` is `media`).
  const segments = (queryAt < 0 ? url : url.slice(0, queryAt)).split('/');
  for (let at = 2; at < segments.length - 1; at += 1) {
    const kind = decodedSegment(segments[at]);
    if (
      decodedSegment(segments[at - 2]) === 'documents' &&
      (kind === 'media' || kind === 'tracks')
    ) {
      segments[at + 1] = '[redacted]';
    }
  }
  const path = segments.join('/');
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((segment) => {
      const at = segment.indexOf('=');
      return isTokenSegment(segment) && at >= 0 ? `${segment.slice(0, at)}=[redacted]` : segment;
    });
  return `${path}?${query.join('&')}`;
}

/**
 * The logger's settings with tokens kept out: the request line's URL without a `token` query, and
 * the Authorization header redacted should anything log headers.
 */
export function tokenSafeLogger(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === undefined || typeof logger === 'boolean') return logger ?? false;
  return {
    ...logger,
    redact: ['req.headers.authorization', 'headers.authorization', 'req.query.token'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutToken(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
  };
}
