/** A production server for one bench row's first opens: an empty CACHE_DIR of its own, removed on close. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SheetViewMode } from '../facility/facts/metadata.ts';
import { startServer } from '../server/app.ts';

export async function coldServer(
  docsDir: string,
  dist: string,
  name: string,
  /** How workbooks are shown (`SHEET_VIEW`); the server's default when absent. */
  options: { sheetView?: SheetViewMode } = {},
) {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), `folio-bench-${name}-`));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    basePath: '/',
    docsDir,
    cacheDir,
    distDirs: [dist],
    // `npm run serve` refuses files over MAX_FILE_MB (100 by default): raised for the 200 MB zip
    // and the 100 MB film.
    maxBytes: 256 * 1024 * 1024,
    ...options,
  });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
