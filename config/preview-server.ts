/**
 * `npm run preview` (contracts §2): serves the built `dist/` under BASE_PATH, with the dev preview
 * facility mounted first, the way a production deployment would serve the build — so the benchmark
 * and the browser tests measure the real bundle.
 *
 * Why express (an exact devDependency): webpack-dev-server, which serves `npm start`, is itself
 * express, so the facility middleware mounts the same way in both; express.static (send underneath)
 * brings ETag, Range and HEAD for the assets, and express's final handler the plain 404.
 *
 * Environment when run as `node config/preview-server.ts`: PORT (8000), BASE_PATH (/), DOCS_DIR
 * (mock/documents), DIST_DIR (dist/, to serve a build kept elsewhere), HOST (all interfaces, so a
 * phone on the LAN can open it).
 */
import { existsSync, realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { createMockMiddleware } from './mock-server.ts';
import { normaliseBase, settingsFromEnv } from './settings-block.ts';
import { cacheControlFor, servedIndex, wantsPage } from './static-files.ts';
import { CSP_HEADER, cspOptionsFromEnv } from './csp.ts';

export const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url));

export interface PreviewOptions {
  /** 0 picks a free port. Default 8000. */
  port?: number;
  /** BASE_PATH, normalised (`viewer` → `/viewer/`). Default `/`. */
  basePath?: string;
  /** Default: DOCS_DIR, then mock/documents (see createMockMiddleware). */
  docsDir?: string;
  /** Default: `<repo>/dist`. */
  distDir?: string;
  /** Default: all interfaces. */
  host?: string;
}

export interface PreviewServer {
  /** `http://localhost:<port><base>` */
  url: string;
  close: () => Promise<void>;
}

function cacheHeaders(res: Response, file: string): void {
  res.setHeader('Cache-Control', cacheControlFor(file));
}

export async function startPreviewServer(options: PreviewOptions = {}): Promise<PreviewServer> {
  const base = normaliseBase(options.basePath);
  const distDir = path.resolve(options.distDir ?? defaultDistDir);
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} not found: run npm run build first`);

  // Read per request, so a rebuild shows up without a restart; the settings block is rewritten
  // for this base, which is what makes the one build relocatable, and the CSP (meta and header)
  // follows the rewritten block. Every other response carries the last page's policy: the pdf.js
  // worker gets its policy from its own response.
  const cspOptions = cspOptionsFromEnv();
  const settings = { routerBase: base, ...settingsFromEnv(process.env) };
  let { policy } = await servedIndex(indexFile, settings, cspOptions);
  const sendIndex = async (res: Response): Promise<void> => {
    const served = await servedIndex(indexFile, settings, cspOptions);
    ({ policy } = served);
    const { html } = served;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader(CSP_HEADER, policy);
    res.type('html').send(html);
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(createMockMiddleware({ basePath: base, docsDir: options.docsDir }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && (req.path === base || req.path === `${base}index.html`)) {
      sendIndex(res).catch(next);
      return;
    }
    next();
  });
  app.use(
    base,
    express.static(distDir, {
      index: false,
      redirect: false,
      setHeaders: (res: Response, file: string) => {
        cacheHeaders(res, file);
        res.setHeader(CSP_HEADER, policy);
      },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    if (req.path.startsWith(base) && wantsPage(req.headers.accept, req.path)) {
      sendIndex(res).catch(next); // history fallback: deep links load the app
      return;
    }
    if (`${req.path}/` === base) {
      const queryAt = req.originalUrl.indexOf('?');
      res.redirect(302, base + (queryAt === -1 ? '' : req.originalUrl.slice(queryAt)));
      return;
    }
    next();
  });

  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 8000, host: options.host }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}${base}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}

function isMainModule(): boolean {
  const entry = process.argv.at(1);
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

function envPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  }
  return port;
}

if (isMainModule()) {
  const { PORT, BASE_PATH, HOST, DIST_DIR } = process.env;
  Promise.resolve()
    .then(() =>
      startPreviewServer({
        port: envPort(PORT),
        basePath: BASE_PATH,
        distDir: DIST_DIR === '' ? undefined : DIST_DIR,
        host: HOST === '' ? undefined : HOST,
      }),
    )
    .then(
      ({ url }) => {
        console.log(`Folio preview on ${url}`);
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`Folio preview failed to start: ${reason}`);
        process.exitCode = 1;
      },
    );
}
