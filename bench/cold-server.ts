/**
 * A production server for a bench row's first opens: an empty CACHE_DIR of its own, removed on
 * close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server/app.ts';
import type { ServerOptions } from '../server/app.ts';

export async function coldServer(
  docsDir: string,
  dist: string,
  name: string,
  /** `source`: documents from elsewhere than `docsDir`; `sheetView`: the server's default when absent. */
  options: Pick<ServerOptions, 'source' | 'sheetView'> = {},
) {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), `folio-bench-${name}-`));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    basePath: '/',
    docsDir,
    cacheDir,
    distDirs: [dist],
    // `npm run serve` refuses files over MAX_FILE_MB (100 by default): raised as a host keeping
    // 200 MB scans and films would.
    maxBytes: 256 * 1024 * 1024,
    ...options,
  });
  return {
    url: server.url,
    api: `${server.url}api/`,
    close: async () => {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
