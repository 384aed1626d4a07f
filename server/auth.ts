/**
 * Signed links on the server (docs/server.md, "Signed links"): with keys configured, every read of
 * `<base>api/documents/…` needs `Authorization: Bearer <token>` for that id, else 401
 * `token_missing` / `token_invalid` / `token_expired` or 403 `token_other_document`. The verified
 * reader goes to the facility (it narrows the policy and fills the watermark, facility/reader.ts);
 * each open is one audit line. Refused tokens are counted per address with @fastify/rate-limit, and
 * past the limit answered 429, so ids and keys cannot be guessed at speed. Health stays open.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Reader } from '../facility/reader.ts';
import type { AuthSettings } from './auth-keys.ts';
import { bearerToken, verifyToken } from './auth-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader of a verified signed link (auth on, `api/documents/…` only). */
    reader?: Reader;
  }
}

export interface FailureLimit {
  /** Refused tokens an address may send per window before it is answered 429. */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_FAILURE_LIMIT: FailureLimit = { max: 30, timeWindowMs: 60_000 };

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
    failureLimit = DEFAULT_FAILURE_LIMIT,
  }: { api: string; auth: AuthSettings; failureLimit?: FailureLimit },
): void {
  if (auth.mode === 'off') return;
  const { keys, clockToleranceS } = auth;
  // Only refused tokens are counted (a reader's byte ranges never are), with the rate-limit plugin
  // server/app.ts registers once.
  const countFailure = app.createRateLimit({
    max: failureLimit.max,
    timeWindow: failureLimit.timeWindowMs,
    // Not the flood limit's allow list (createRateLimit inherits it): every refusal counts.
    allowList: () => false,
  });
  const documents = `${api}documents/`;
  const metadata = `${documents}:id`;
  app.decorateRequest('reader', undefined);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith(documents)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return; // 405 for the rest
    const { id = '' } = request.params as { id?: string };
    const token = bearerToken(request.headers.authorization);
    const verified = await verifyToken(token, keys, id, clockToleranceS);
    if (!verified.ok) {
      const limited = await countFailure(request);
      request.log.warn({ tokenRefused: verified.error, doc: id, address: request.ip }, 'token');
      if (!limited.isAllowed && limited.isExceeded) {
        reply.header('Retry-After', limited.ttlInSeconds);
        return refuse(reply, 429, 'too_many_token_failures');
      }
      return refuse(reply, STATUS[verified.error], verified.error);
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

/** A `token` query parameter's value hidden (the server reads only the header, but a link may
 * still carry one). */
export function withoutToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
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
