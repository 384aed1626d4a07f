/**
 * A real HTTP preview facility for effect tests: the dev facility's own middleware
 * (server/app.ts devMiddleware) over a temporary DOCS_DIR, on a free port. It records each request and
 * whether the client went away before the answer ended, so aborts can be asserted.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { guardFromHereMb } from '../../../../facility/pool/__tests__/_memory-guard';
import { devMiddleware } from '../../../../server/app';

export const SAMPLE_PDF = path.resolve(__dirname, '../../../../mock/documents/tracemonkey.pdf');

export interface Seen {
  url: string;
  /** True once the connection closed before the answer was complete. */
  aborted: boolean;
}

export interface Facility {
  origin: string;
  /** `<origin>/api/`: what window.previewApi would be. */
  previewApi: string;
  seen: Seen[];
  /** Adds a copy of the sample PDF under `id`, with a sidecar when given. */
  addPdf(id: string, sidecar?: Record<string, unknown>): Promise<void>;
  addFile(id: string, bytes: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export async function startFacility(): Promise<Facility> {
  const docsDir = await mkdtemp(path.join(os.tmpdir(), 'folio-docs-'));
  const middleware = devMiddleware({
    basePath: '/',
    docsDir,
    pool: { maxRssMb: guardFromHereMb() },
  });
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const entry: Seen = { url: req.url ?? '', aborted: false };
    seen.push(entry);
    res.on('close', () => {
      entry.aborted = !res.writableFinished;
    });
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    previewApi: `${origin}/api/`,
    seen,
    async addPdf(id, sidecar) {
      await copyFile(SAMPLE_PDF, path.join(docsDir, id));
      if (sidecar) await writeFile(path.join(docsDir, `${id}.json`), JSON.stringify(sidecar));
    },
    async addFile(id, bytes) {
      await writeFile(path.join(docsDir, id), bytes);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
      // Its pool too: a task ending after the file would reach jsdom's timers (nodeTimers.ts).
      await middleware.close();
      await rm(docsDir, { recursive: true, force: true });
    },
  };
}

/** An origin nothing listens on: a port that was free a moment ago. */
export async function closedOrigin(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return `http://127.0.0.1:${port}`;
}

/** Resolves once `check()` holds, polling every 10 ms; rejects after `ms`. */
export async function until(check: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
