/**
 * The one Folio server (fastify): the preview facility at `<BASE_PATH>api/` (its routes are the
 * route files of server/routes/, server/facility-routes.ts), and, given built apps, `index.html` with its
 * settings and CSP, the static files and the history fallback. Three commands run it:
 *
 * - `npm run serve` (server/main.ts): production, over DOCS_DIR, no simulations;
 * - `npm run preview` (server/main.ts --preview): the same over `dist/`, with the dev facility's
 *   simulations (sidecars' `convertMs`, `delayMs`, `fail`);
 * - `npm start`: webpack-dev-server serves the app from memory and mounts this server's facility
 *   in front of its dev middleware (devMiddleware below).
 *
 * Why fastify: routing, JSON request logs (pino), graceful close and static files with Range come
 * well kept and typed; nothing here parses HTTP by hand.
 *
 * Floods (docs/server.md, "Limits"): `api/` is rate limited per client address (@fastify/rate-limit,
 * registered once here so other limits reuse it with `app.rateLimit()`), and every request but
 * health is answered 503 with Retry-After while the event loop lags (@fastify/under-pressure).
 * Metrics (server/metrics.ts) are counted always and served only on their own port.
 */
import { createSourceHealth } from '../facility/sources/source-health.ts';
import { maxHeaderSize } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { createFacility } from '../facility/facility.ts';
import type { FacilityOptions } from '../facility/facility.ts';
import type { RouteFile } from './routes/types.ts';
import { registerAuth, tokenSafeLogger } from './auth.ts';
import type { FailureLimit } from './auth-failures.ts';
import { authFromEnv } from './auth-keys.ts';
import { createMediaTickets } from './media-tickets.ts';
import type { AuthSettings } from './auth-keys.ts';
import { CSP_HEADER, cspOptionsFromEnv, uncertainHostOrigin } from './csp.ts';
import { createMetrics } from './metrics.ts';
import { routeFiles, routesOf, registerFacilityRoutes, resolveDocsDir } from './facility-routes.ts';
import { normaliseBase, settingsFromEnv } from './settings-block.ts';
import type { EnvSettings } from './settings-block.ts';
import { cacheControlFor, servedIndex, wantsPage } from './static-files.ts';

export interface FloodLimits {
  /** Requests to `api/` per client address per window; Infinity: no limit. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Mean event-loop delay over which new requests are answered 503; 0: never. */
  maxEventLoopDelayMs: number;
  /** The Retry-After of those 503s. */
  retryAfterS: number;
}

/**
 * `npm run serve`'s defaults (server/main.ts). Without them (`npm start`, `npm run preview`, the
 * bench's own servers) nothing is limited: a webpack build stalls the dev server's loop, and a
 * measurement from one address is not a flood.
 */
export const SERVE_LIMITS: FloodLimits = {
  rateLimitMax: 1200,
  rateLimitWindowMs: 60_000,
  maxEventLoopDelayMs: 1000,
  retryAfterS: 5,
};
const NO_LIMITS: FloodLimits = { ...SERVE_LIMITS, rateLimitMax: Infinity, maxEventLoopDelayMs: 0 };

export interface ServerOptions extends Omit<FacilityOptions, 'log' | 'docsDir'> {
  /** Default: `DOCS_DIR`, then the bundled samples (mock/documents). */
  docsDir?: string;
  /** `/`, `/viewer/` (normalised here). */
  basePath?: string;
  /**
   * Built apps, newest first: index.html comes from the first; an asset is looked up in each in
   * turn, so a tab still running the previous build finds its old chunks after a redeploy. None:
   * the facility only (`npm start`, where webpack serves the app).
   */
  distDirs?: readonly string[];
  /** The facility's route files; default all of server/routes/ (a test brings its own). */
  files?: readonly RouteFile[];
  /** fastify's logger option: pino settings, or false (tests). */
  logger?: FastifyServerOptions['logger'];
  /** How long a shutdown waits for running conversions before killing them. Default 30 s. */
  shutdownCapMs?: number;
  /**
   * Settings to set in index.html besides the router base; default from PREVIEW_API, HOST_ORIGIN
   * and SIGN_TARGET_ORIGIN (checked). Every other setting of the block is kept.
   */
  settings?: EnvSettings;
  limits?: Partial<FloodLimits>;
  /** Serve `/metrics` on this port (0: a free one), never on the public one. None: not served. */
  metricsPort?: number;
  /** Default: loopback. */
  metricsHost?: string;
  /** Signed links (server/auth.ts). Default: off — the commands decide (server/main.ts). */
  auth?: AuthSettings;
  /** Refused tokens per address and window before 429; default server/auth-failures.ts's. */
  authFailureLimit?: FailureLimit;
  /**
   * The reverse proxies in front (TRUST_PROXY: addresses or CIDR ranges): a request from one of them
   * is the client's named in its `X-Forwarded-For`, for the rate limits and the logs. None: the
   * connection's own address.
   */
  trustProxy?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where `/metrics` listens, once the app is ready; undefined when not served. */
    metricsAddress: () => AddressInfo | undefined;
    /** The pool's first thread ready (pool.ts `warm`). */
    poolWarm: Promise<void>;
  }
}

/** The longest a starting server waits for its pool's first thread before it listens. */
const POOL_WARM_BOUND_MS = 10_000;

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

/**
 * A request's path as the router reads it, percent-decoded (`/%61pi/` is `/api/`): every check on
 * a path uses this, never the raw URL. A malformed encoding never gets here (answered 400 first).
 */
export function decodedPath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const base = normaliseBase(options.basePath);
  const api = `${base}api/`;
  const app = Fastify({
    logger: tokenSafeLogger(options.logger),
    // An id's limits (facility/README.md, Ids: 255 bytes a segment, 512 in all) are checked on the
    // id the router decodes (isSafeId, answered 400 bad_id), never on its spelling in the URL, where
    // percent-encoding triples a byte: the router's own limit (100 characters by default, over
    // which a route is not matched) is set to the most a request line can hold, Node's header limit.
    routerOptions: { maxParamLength: maxHeaderSize },
    ...(options.trustProxy && { trustProxy: [...options.trustProxy] }),
    // A malformed percent-encoding in a path is the client's error, answered like the facility's.
    frameworkErrors: (_error, _request, reply) => {
      void noStore(reply).code(400).send({ error: 'bad_request' });
    },
  });
  const limits = { ...NO_LIMITS, ...options.limits };
  const rateLimited = Number.isFinite(limits.rateLimitMax);
  const metrics = createMetrics();
  const auth = options.auth ?? { mode: 'off' };
  const tickets = auth.mode === 'tokens' ? createMediaTickets(auth) : undefined;
  const facility = createFacility({
    ...options,
    ...(tickets && { mediaTicket: tickets.mint }),
    docsDir: resolveDocsDir(options.docsDir),
    pool: { ...options.pool, onTask: metrics.task },
    onFactsLookup: metrics.factsLookup,
    onPreviewLookup: metrics.previewLookup,
    log: (event) => {
      app.log.info(event, 'facility'); // `event` names it: converted, refused, preview_failed…
      metrics.facilityEvent(event);
    },
  });
  metrics.watchPool(facility.pool);
  app.decorate('poolWarm', facility.pool.warm);
  let metricsAddress: AddressInfo | undefined;
  app.decorate('metricsAddress', () => metricsAddress);
  if (options.metricsPort !== undefined) {
    const { metricsPort } = options;
    app.addHook('onReady', async () => {
      metricsAddress = await metrics.listen(metricsPort, options.metricsHost ?? '127.0.0.1');
    });
  }
  // A `?token=` link must not leave in a Referer, nor a document's name (docs/deploying.md).
  // On the raw response: the facility's routes write it themselves (facility-routes.ts).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('Referrer-Policy', 'no-referrer');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Stop accepting first (fastify's close), then let running conversions finish, up to the cap.
  app.addHook('onClose', async () => {
    await facility.converter.drain(options.shutdownCapMs ?? 30_000);
    await Promise.all([facility.pool.close(), metrics.close()]);
  });

  const health = `${api}health`;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    retryAfter: limits.retryAfterS,
  });
  // Registered even without a limit, so other limits can use it (`app.rateLimit()`).
  await app.register(rateLimit, {
    max: rateLimited ? limits.rateLimitMax : 1,
    timeWindow: limits.rateLimitWindowMs,
    // Only the facility's requests; the app's files are static and cached.
    allowList: (request) => {
      if (!rateLimited) return true;
      const pathname = decodedPath(request.url);
      return !pathname.startsWith(api) || pathname === health;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'rate_limited',
      message: `more than ${String(context.max)} requests in ${context.after}; try again later`,
    }),
  });

  registerAuth(app, { api, auth, tickets, failureLimit: options.authFailureLimit });
  registerFacilityRoutes(app, { base, facility, files: options.files });
  // With a queue, its counts (waiting, active, failed, workers seen); 200 even while Redis is
  // away, as this server still serves PDFs and converted files then. Answered under pressure too
  // (a pressureHandler that lets it through), so an orchestrator does not kill a busy server.
  const sourceHealth = createSourceHealth(facility.source);
  app.get(health, { config: { pressureHandler: () => undefined } }, async (_request, reply) => {
    const queue = await facility.converter.queueHealth?.();
    const pending = facility.converter.pending();
    // `auth` says whether documents need a signed link: an open server is visible to monitoring.
    return noStore(reply).send({
      status: 'ok',
      auth: auth.mode,
      // Which kind of source and whether it answers, never where (health is open).
      source: facility.source.kind,
      sourceAnswers: await sourceHealth(),
      conversionsPending: pending,
      converters: await facility.converter.converters(),
      poolQueued: facility.pool.queued(),
      underPressure: app.isUnderPressure(),
      ...queue,
    });
  });

  const sendIndex = options.distDirs
    ? await serveApp(app, base, options.distDirs, options.settings)
    : undefined;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodedPath(request.url);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // The api/ prefix belongs to the facility: an unknown path there is its 404, not the app's page.
    if (pathname.startsWith(api) || !isRead) {
      return noStore(reply).code(404).send({ error: 'not_found' });
    }
    if (sendIndex && pathname.startsWith(base) && wantsPage(request.headers.accept, pathname)) {
      return sendIndex(reply); // history fallback: deep links load the app
    }
    if (`${pathname}/` === base) {
      const queryAt = request.url.indexOf('?');
      return reply.redirect(base + (queryAt === -1 ? '' : request.url.slice(queryAt)), 302);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}

/** The built app's files and index.html; gives the index.html sender for the history fallback. */
async function serveApp(
  app: FastifyInstance,
  base: string,
  distDirs: readonly string[],
  given: EnvSettings | undefined,
): Promise<(reply: FastifyReply) => Promise<FastifyReply>> {
  if (distDirs.length === 0) throw new Error('no dist folder to serve');
  const indexFile = path.join(distDirs[0], 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} not found: run npm run build first`);

  // index.html is read per request, so a redeploy is served without a restart; its settings block
  // names this base and the CSP (meta and header) follows it. Every other file carries the last
  // page's policy: the pdf.js worker gets its policy from its own response.
  const cspOptions = cspOptionsFromEnv();
  const settings = { routerBase: base, ...(given ?? settingsFromEnv(process.env)) };
  const first = await servedIndex(indexFile, settings, cspOptions);
  // Framing follows the page's hostOrigin: a page whose setting cannot be read does not start
  // (a redeployed one is served with frame-ancestors 'self', csp.ts).
  const uncertain = uncertainHostOrigin(first.html);
  if (uncertain !== undefined) {
    throw new Error(`${indexFile}: hostOrigin cannot be read with certainty (${uncertain})`);
  }
  let { policy } = first;

  const distRoots = distDirs.map((dir) => path.resolve(dir));
  // Loaded only to serve a build: `npm start` (webpack serves the app) never needs it.
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: distRoots,
    prefix: base,
    index: false,
    redirect: false,
    wildcard: true,
    cacheControl: false,
    dotfiles: 'allow',
    // The build's .br and .gz siblings, chosen by Accept-Encoding (with Vary); never a PDF.
    preCompressed: true,
    setHeaders: (reply, file) => {
      if (distRoots.some((root) => file.startsWith(root + path.sep))) {
        reply.header('Cache-Control', cacheControlFor(file)).header(CSP_HEADER, policy);
      }
    },
  });

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    const served = await servedIndex(indexFile, settings, cspOptions);
    ({ policy } = served);
    return reply
      .header('Cache-Control', 'no-cache')
      .header(CSP_HEADER, policy)
      .type('text/html; charset=utf-8')
      .send(served.html);
  }
  app.get(base, (_request, reply) => sendIndex(reply));
  app.get(`${base}index.html`, (_request, reply) => sendIndex(reply));
  return sendIndex;
}

export type NextFunction = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

/**
 * `npm start`: this server's facility as a connect-style middleware, mounted in front of webpack's
 * dev middleware (`setupMiddlewares`). Requests under `<base>api/` are the server's; the rest go on.
 */
/** The dev facility as middleware; `close()` ends its pool (a test's facility, before its timers go). */
export function devMiddleware(
  options: Omit<ServerOptions, 'distDirs'>,
): Middleware & { close: () => Promise<void> } {
  const api = `${normaliseBase(options.basePath)}api/`;
  // A bad DOCS_DIR or route key is reported when the middleware is made, not at the first request.
  const docsDir = resolveDocsDir(options.docsDir);
  routesOf(options.files ?? routeFiles);
  // `npm start` stays open, and checks tokens when AUTH_SECRET or AUTH_PUBLIC_KEYS is set.
  const auth = options.auth ?? authFromEnv({ required: false });
  const ready = Promise.resolve(auth)
    .then((settings) => buildServer({ simulate: true, ...options, docsDir, auth: settings }))
    .then(async (app) => {
      await app.ready();
      return app;
    });
  const middleware: Middleware = (req, res, next) => {
    if (!decodedPath(req.url ?? '/').startsWith(api)) {
      next();
      return;
    }
    ready.then((app) => {
      app.routing(req, res);
    }, next);
  };
  return Object.assign(middleware, {
    close: async () => {
      await (await ready).close();
    },
  });
}

export interface RunningServer {
  /** `http://<host>:<port><base>` */
  url: string;
  close: () => Promise<void>;
}

/** Builds and listens (port 0: a free one); for the commands, the bench and the tests. */
export async function startServer(
  options: ServerOptions & { port?: number; host?: string },
): Promise<RunningServer> {
  const app = await buildServer(options);
  const host = options.host ?? 'localhost';
  // A document opened as soon as the server listens finds a pool thread that has loaded its
  // tasks, rather than waiting for it (docs/decisions/2026-12-07-mp4-facts-without-ffprobe.md);
  // bounded, so a thread that never comes up still lets the server answer (health, errors).
  await Promise.race([app.poolWarm, delay(POOL_WARM_BOUND_MS, undefined, { ref: false })]);
  await app.listen({ port: options.port ?? 8000, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    url: `http://${host}:${String(port)}${normaliseBase(options.basePath)}`,
    close: () => app.close(),
  };
}
