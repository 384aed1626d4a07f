/**
 * The one Folio server (fastify): the preview facility at `<BASE_PATH>api/` (its routes are the
 * mock files of mock/, server/facility-routes.ts), and, given built apps, `index.html` with its
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
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { createFacility } from '../facility/facility.ts';
import type { FacilityOptions } from '../facility/facility.ts';
import type { MockFile } from '../mock/_types.ts';
import { registerAuth, tokenSafeLogger } from './auth.ts';
import type { FailureLimit } from './auth.ts';
import { authFromEnv } from './auth-keys.ts';
import type { AuthSettings } from './auth-keys.ts';
import { CSP_HEADER, cspOptionsFromEnv } from './csp.ts';
import {
  mockFiles,
  mockRoutes,
  registerFacilityRoutes,
  resolveDocsDir,
} from './facility-routes.ts';
import { normaliseBase, settingsFromEnv } from './settings-block.ts';
import type { EnvSettings } from './settings-block.ts';
import { cacheControlFor, servedIndex, wantsPage } from './static-files.ts';

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
  /** The facility's mock files; default all of mock/ (a test brings its own). */
  files?: readonly MockFile[];
  /** fastify's logger option: pino settings, or false (tests). */
  logger?: FastifyServerOptions['logger'];
  /** How long a shutdown waits for running conversions before killing them. Default 30 s. */
  shutdownCapMs?: number;
  /**
   * Settings to set in index.html besides the router base; default from PREVIEW_API, HOST_ORIGIN
   * and SIGN_TARGET_ORIGIN (checked). Every other setting of the block is kept.
   */
  settings?: EnvSettings;
  /** Signed links (server/auth.ts). Default: off — the commands decide (server/main.ts). */
  auth?: AuthSettings;
  /** Refused tokens per address and window before 429; default server/auth.ts's. */
  authFailureLimit?: FailureLimit;
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const base = normaliseBase(options.basePath);
  const api = `${base}api/`;
  const app = Fastify({
    logger: tokenSafeLogger(options.logger),
    // A malformed percent-encoding in a path is the client's error, answered like the facility's.
    frameworkErrors: (_error, _request, reply) => {
      void noStore(reply).code(400).send({ error: 'bad_request' });
    },
  });
  const facility = createFacility({
    ...options,
    docsDir: resolveDocsDir(options.docsDir),
    log: (event) => {
      app.log.info(event, 'conversion');
    },
  });

  // Stop accepting first (fastify's close), then let running conversions finish, up to the cap.
  app.addHook('onClose', async () => {
    await facility.converter.drain(options.shutdownCapMs ?? 30_000);
  });

  const auth = options.auth ?? { mode: 'off' };
  await registerAuth(app, { api, auth, failureLimit: options.authFailureLimit });
  registerFacilityRoutes(app, { base, facility, files: options.files });
  // With a queue, its counts (waiting, active, failed, workers seen); 200 even while Redis is
  // away, as this server still serves PDFs and converted files then.
  app.get(`${api}health`, async (_request, reply) => {
    const queue = await facility.converter.queueHealth?.();
    const pending = facility.converter.pending();
    // `auth` says whether documents need a signed link: an open server is visible to monitoring.
    return noStore(reply).send({
      status: 'ok',
      auth: auth.mode,
      conversionsPending: pending,
      ...queue,
    });
  });

  const sendIndex = options.distDirs
    ? await serveApp(app, base, options.distDirs, options.settings)
    : undefined;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
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
  let { policy } = await servedIndex(indexFile, settings, cspOptions);

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
export function devMiddleware(options: Omit<ServerOptions, 'distDirs'>): Middleware {
  const api = `${normaliseBase(options.basePath)}api/`;
  // A bad DOCS_DIR or mock key is reported when the middleware is made, not at the first request.
  const docsDir = resolveDocsDir(options.docsDir);
  mockRoutes(options.files ?? mockFiles);
  // `npm start` stays open, and checks tokens when AUTH_SECRET or AUTH_PUBLIC_KEYS is set.
  const auth = options.auth ?? authFromEnv({ required: false });
  const ready = Promise.resolve(auth)
    .then((settings) => buildServer({ simulate: true, ...options, docsDir, auth: settings }))
    .then(async (app) => {
      await app.ready();
      return app;
    });
  return (req, res, next) => {
    if (!(req.url ?? '/').startsWith(api)) {
      next();
      return;
    }
    ready.then((app) => {
      app.routing(req, res);
    }, next);
  };
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
  await app.listen({ port: options.port ?? 8000, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    url: `http://${host}:${String(port)}${normaliseBase(options.basePath)}`,
    close: () => app.close(),
  };
}
