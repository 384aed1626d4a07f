/**
 * The preview facility's routes, declared once as the route files of server/routes/ (umi's mock
 * shape, `'GET /api/documents/:id': handler`), mounted on the one fastify server (server/app.ts) that
 * `npm start`, `npm run preview` and `npm run serve` all run. The handlers see Node's http types
 * (the route's reply is hijacked), so the same files serve in every mode.
 */
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Facility } from '../facility/facility.ts';
import { sendError } from '../facility/http/node-http.ts';
import { inLane, laneOf } from '../facility/pool/lane.ts';
import documents from './routes/documents.ts';
import type { RouteFile, RouteHandler, RouteRequest } from './routes/types.ts';

/** Every route file, registered explicitly (a test checks none in server/routes/ is left out). */
export const routeFiles: readonly RouteFile[] = [documents];

/** The bundled sample documents, served when neither the option nor `DOCS_DIR` names a folder. */
export const defaultDocsDir = fileURLToPath(new URL('../mock/documents', import.meta.url));

/** The option, else `DOCS_DIR`, else the samples; an error at start when it is not a folder. */
export function resolveDocsDir(docsDir: string | undefined): string {
  const envDir = process.env.DOCS_DIR;
  const chosen = docsDir ?? (envDir !== undefined && envDir !== '' ? envDir : defaultDocsDir);
  const dir = path.resolve(chosen);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`DOCS_DIR ${dir} is not a folder`);
  }
  return dir;
}

interface Route {
  method: string;
  /** Relative to the base path, as the keys say: `/api/documents/:id`. */
  path: string;
  handler: RouteHandler;
}

/** The route files' routes; a key that is not `<METHOD> /<path>` is refused. */
export function routesOf(files: readonly RouteFile[]): Route[] {
  return files.flatMap((file) =>
    Object.entries(file).map(([key, handler]): Route => {
      const parts = /^([A-Za-z]+)\s+(\/\S*)$/.exec(key.trim());
      if (!parts) throw new Error(`route key "${key}" is not "<METHOD> /<path>"`);
      const [, method = '', routePath = '/'] = parts;
      return { method: method.toUpperCase(), path: routePath, handler };
    }),
  );
}

/**
 * Gives the request the `params`, `query`, `docsDir`, `facility` and `reader` (a signed link's,
 * server/auth.ts) the handlers expect.
 */
function asRouteRequest(
  req: IncomingMessage,
  params: Record<string, string>,
  query: Record<string, string>,
  facility: Facility,
  reader: RouteRequest['reader'],
): RouteRequest {
  const { docsDir } = facility;
  for (const [key, value] of Object.entries({ params, query, docsDir, facility, reader })) {
    Object.defineProperty(req, key, {
      value,
      configurable: true,
      enumerable: true,
      writable: true,
    });
  }
  return req as RouteRequest;
}

/** The methods a path may be asked with besides its own, answered 405 with `Allow`. */
const OTHER_METHODS = ['DELETE', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

/** Mounts the route files' routes under `base` on `app`, each handed the facility. */
export function registerFacilityRoutes(
  app: FastifyInstance,
  {
    base,
    facility,
    files = routeFiles,
  }: { base: string; facility: Facility; files?: readonly RouteFile[] },
): void {
  const byPath = new Map<string, Route[]>();
  for (const route of routesOf(files)) {
    byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  }
  for (const [routePath, routes] of byPath) {
    const url = `${base}${routePath.slice(1)}`;
    const own = routes.map((route) => route.method);
    for (const route of routes) {
      app.route({
        method: route.method,
        url,
        handler: (request, reply) => {
          // The handler writes Node's response itself (facility/http/node-http.ts).
          reply.hijack();
          const params = request.params as Record<string, string>;
          // Last value wins, as the handlers expect (fastify's own parser makes arrays).
          const at = request.url.indexOf('?');
          const query = Object.fromEntries(
            new URLSearchParams(at === -1 ? '' : request.url.slice(at)),
          );
          const req = asRouteRequest(request.raw, params, query, facility, request.reader);
          // Through a promise even for a plain function, so a handler that throws is answered too.
          // The pool takes turns between readers, and drops pages a reader left before they
          // were drawn (facility/pool/lane.ts).
          const left = new AbortController();
          reply.raw.once('close', () => {
            if (!reply.raw.writableFinished) left.abort();
          });
          inLane(
            laneOf(request),
            () => Promise.resolve().then(() => route.handler(req, reply.raw)),
            left.signal,
          ).catch((error: unknown) => {
            request.log.error({ err: error }, 'facility handler failed');
            if (reply.raw.headersSent) reply.raw.destroy();
            else sendError(reply.raw, 500, 'internal');
          });
        },
      });
    }
    const allow = [...own, ...(own.includes('GET') ? ['HEAD'] : [])].join(', ');
    const others = OTHER_METHODS.filter((method) => !own.includes(method));
    if (others.length > 0) {
      app.route({
        method: others,
        url,
        handler: (_request, reply) =>
          reply
            .code(405)
            .header('Allow', allow)
            .header('Cache-Control', 'no-store')
            .send({ error: 'method_not_allowed' }),
      });
    }
  }
}
