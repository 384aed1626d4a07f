// `npm run serve` of the production build over a test file's own folder, and a Chromium to drive
// it: what each browser test of the production server starts before its cases and ends after.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { prodBuild } from './build.ts';
import { launchChromium } from './chromium.ts';
import { startNpmServer } from './server.ts';
import type { RunningServer } from './server.ts';

export interface Served {
  server: RunningServer;
  browser: Browser;
  /** Ends the browser and the server, and removes the test's folder. */
  close: () => Promise<void>;
}

/**
 * The server over `root`'s `docs/` (its cache in `root`'s `cache/`) under BASE_PATH `/viewer/`,
 * with `env` besides, once its health answers; and a Chromium.
 */
export async function serveWithChromium(
  root: string,
  env: Record<string, string> = {},
): Promise<Served> {
  const { distDir } = await prodBuild();
  const server = await startNpmServer(
    'serve',
    {
      BASE_PATH: '/viewer/',
      DIST_DIR: distDir,
      DOCS_DIR: path.join(root, 'docs'),
      CACHE_DIR: path.join(root, 'cache'),
      ...env,
    },
    '/viewer/api/health',
  );
  const browser = await launchChromium();
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
