// npm run serve (docs/server.md, "npm run serve"): the production build and the real facility in one server. Office files
// made by LibreOffice open in Chromium with their page count, after the viewer has shown the
// conversion's progress; page 1 is painted.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { waitForPainted } from './support/pixels.ts';
import { startNpmServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { newSession, screenshot } from './support/viewer.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'server', '__tests__', 'fixtures');
const OFFICE = [
  ['three-pages.docx', 3],
  ['table.xlsx', 1],
  ['two-slides.pptx', 2],
] as const;

const root = mkdtempSync(path.join(tmpdir(), 'folio-serve-browser-'));
let browser: Browser;
let server: RunningServer;

before(async () => {
  const { distDir } = await prodBuild();
  const docsDir = path.join(root, 'docs');
  const cacheDir = path.join(root, 'cache');
  mkdirSync(docsDir);
  for (const [name] of OFFICE) copyFileSync(path.join(FIXTURES, name), path.join(docsDir, name));
  server = await startNpmServer(
    'serve',
    {
      BASE_PATH: '/viewer/',
      DIST_DIR: distDir,
      DOCS_DIR: docsDir,
      CACHE_DIR: cacheDir,
      LOG_LEVEL: 'warn',
      // Conversions, not signed links (browser-tests/auth.test.ts).
      AUTH: 'off',
    },
    '/viewer/api/health',
  );
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run serve', () => {
  for (const [name, pages] of OFFICE) {
    it(`opens ${name}, converted by LibreOffice, with ${String(pages)} page(s)`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      try {
        await page.goto(`${server.url}/viewer/?doc=${name}&lang=en`);
        // The first answer comes while LibreOffice runs: the viewer shows the progress.
        await page.getByText('Preparing the document').waitFor();
        await screenshot(page, `serve-${name}-converting`);
        await page.getByText(`1 / ${String(pages)}`, { exact: true }).waitFor({ timeout: 120_000 });
        await waitForPainted(page, 1);
        assert.equal(await page.locator('.page[data-page-number]').count(), pages);
        await screenshot(page, `serve-${name}`);
        assert.deepEqual(session.problems, []);
      } finally {
        await session.close();
      }
    });
  }
});
