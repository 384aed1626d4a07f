/**
 * Mounts the umi-style mock files of mock/ as one connect-style middleware, so webpack-dev-server
 * (`setupMiddlewares`: `middlewares.unshift(...)`) and config/preview-server.ts serve the same dev
 * preview facility at `<basePath>api/…`. Mount it at the root: it reads the full `req.url`.
 */
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { match } from 'path-to-regexp';
import type { MatchFunction } from 'path-to-regexp';
import { createFacility } from '../facility/facility.ts';
import type { Facility } from '../facility/facility.ts';
import { sendError } from '../facility/node-http.ts';
import documents from '../mock/documents.ts';
import type { MockFile, MockHandler, MockRequest } from '../mock/_types.ts';
import { normaliseBase } from './settings-block.ts';

/** Every mock file, registered explicitly (a test checks none in mock/ is left out). */
export const mockFiles: readonly MockFile[] = [documents];

/** The bundled sample documents, served when neither the option nor `DOCS_DIR` names a folder. */
export const defaultDocsDir = fileURLToPath(new URL('../mock/documents', import.meta.url));

export interface MockMiddlewareOptions {
  /** The app's BASE_PATH (`/`, `/viewer/`; normalised here); the facility answers under `<basePath>api/`. */
  basePath: string;
  /** Defaults to `process.env.DOCS_DIR`, then `mock/documents`. Relative paths resolve from the cwd. */
  docsDir?: string;
  /** The mock files to mount; all of mock/ ({@link mockFiles}) unless a test brings its own. */
  files?: readonly MockFile[];
}

export type NextFunction = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

interface Route {
  methods: readonly string[];
  matches: MatchFunction<Partial<Record<string, string>>>;
  handler: MockHandler;
}

function compileRoutes(files: readonly MockFile[]): Route[] {
  return files.flatMap((file) =>
    Object.entries(file).map(([key, handler]): Route => {
      const parts = /^([A-Za-z]+)\s+(\/\S*)$/.exec(key.trim());
      if (!parts) throw new Error(`mock key "${key}" is not "<METHOD> /<path>"`);
      const [, method = '', routePath = '/'] = parts;
      const upper = method.toUpperCase();
      // A GET route answers HEAD too, as express does; the handlers' Node responses drop the body.
      const methods = upper === 'GET' ? ['GET', 'HEAD'] : [upper];
      return { methods, matches: match(routePath), handler };
    }),
  );
}

function resolveDocsDir(docsDir: string | undefined): string {
  const envDir = process.env.DOCS_DIR;
  const chosen = docsDir ?? (envDir !== undefined && envDir !== '' ? envDir : defaultDocsDir);
  const dir = path.resolve(chosen);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`DOCS_DIR ${dir} is not a folder`);
  }
  return dir;
}

/** Gives the request the `params`, `query`, `docsDir` and `facility` the handlers expect. */
function asMockRequest(
  req: IncomingMessage,
  params: Record<string, string>,
  query: Record<string, string>,
  facility: Facility,
): MockRequest {
  const { docsDir } = facility;
  // defineProperty, not assignment: express defines `query` as a getter on its request prototype,
  // and assigning to it throws in strict mode.
  for (const [key, value] of Object.entries({ params, query, docsDir, facility })) {
    Object.defineProperty(req, key, {
      value,
      configurable: true,
      enumerable: true,
      writable: true,
    });
  }
  return req as MockRequest;
}

function definedParams(params: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
}

export function createMockMiddleware(options: MockMiddlewareOptions): Middleware {
  const base = normaliseBase(options.basePath);
  const prefix = `${base}api/`;
  const docsDir = resolveDocsDir(options.docsDir);
  // The same facility as `npm run serve`, with the sidecars' dev simulations on; office files are
  // converted too when LibreOffice is installed (CACHE_DIR, SOFFICE_PATH as for serve).
  const { CACHE_DIR, SOFFICE_PATH } = process.env;
  const facility = createFacility({
    docsDir,
    simulate: true,
    cacheDir: CACHE_DIR === '' ? undefined : CACHE_DIR,
    sofficePath: SOFFICE_PATH === '' ? undefined : SOFFICE_PATH,
  });
  const routes = compileRoutes(options.files ?? mockFiles);

  return (req, res, next) => {
    // Split the raw URL by hand: `new URL(req.url, base)` would read `//host/x` as another host and
    // resolve `..` segments, hiding exactly the paths the facility must refuse.
    const raw = req.url ?? '/';
    const queryAt = raw.indexOf('?');
    const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
    if (!pathname.startsWith(prefix)) {
      next();
      return;
    }
    const routePath = `/${pathname.slice(base.length)}`; // '/api/documents/x', as the keys say
    const query = Object.fromEntries(new URLSearchParams(queryAt === -1 ? '' : raw.slice(queryAt)));

    const allowed: string[] = [];
    for (const route of routes) {
      let found: ReturnType<Route['matches']>;
      try {
        found = route.matches(routePath);
      } catch {
        sendError(res, 400, 'bad_request'); // malformed percent-encoding in a parameter
        return;
      }
      if (found === false) continue;
      allowed.push(...route.methods);
      if (!route.methods.includes(req.method ?? 'GET')) continue;
      const mockReq = asMockRequest(req, definedParams(found.params), query, facility);
      // Through a promise even for a plain function, so a handler that throws is answered too.
      Promise.resolve()
        .then(() => route.handler(mockReq, res))
        .catch((error: unknown) => {
          if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
          else sendError(res, 500, 'internal', { message: String(error) });
        });
      return;
    }
    // The api/ prefix belongs to the facility: an unknown path there is its 404, not the app's page.
    if (allowed.length > 0) {
      res.setHeader('Allow', allowed.join(', '));
      sendError(res, 405, 'method_not_allowed');
    } else {
      sendError(res, 404, 'not_found');
    }
  };
}
