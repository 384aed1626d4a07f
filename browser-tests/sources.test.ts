// Documents where they live through `npm run serve` (docs/server.md, "Document sources"): signed
// links open a PDF and a DOCX kept in nested folders of DOCS_DIR, page 1 painted, the `?doc=` with
// its `/` kept in the address bar.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import type { Browser } from 'playwright-core';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { waitForPainted } from './support/pixels.ts';
import { startNpmServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';
import { newSession } from './support/viewer.ts';

const here = import.meta.dirname;
const SAMPLE_PDF = path.join(here, '..', 'mock', 'documents', 'tracemonkey.pdf');
const SAMPLE_DOCX = path.join(here, '..', 'server', '__tests__', 'fixtures', 'three-pages.docx');
const SECRET = 'a browser test secret of at least 32 bytes';
const root = mkdtempSync(path.join(tmpdir(), 'folio-sources-browser-'));
const docsDir = path.join(root, 'docs');
let browser: Browser;
let server: RunningServer;

const token = (doc: string) =>
  new SignJWT({ doc, exp: Math.floor(Date.now() / 1000) + 300 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));

before(async () => {
  mkdirSync(path.join(docsDir, 'contracts', '2026', '11'), { recursive: true });
  copyFileSync(SAMPLE_PDF, path.join(docsDir, 'contracts', '2026', 'tracemonkey.pdf'));
  copyFileSync(SAMPLE_DOCX, path.join(docsDir, 'contracts', '2026', '11', 'three pages.docx'));
  const { distDir } = await prodBuild();
  server = await startNpmServer(
    'serve',
    {
      BASE_PATH: '/viewer/',
      DIST_DIR: distDir,
      DOCS_DIR: docsDir,
      CACHE_DIR: path.join(root, 'cache'),
      AUTH_SECRET: SECRET,
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

describe('a nested folder of DOCS_DIR', () => {
  for (const [kind, id] of [
    ['PDF', 'contracts/2026/tracemonkey.pdf'],
    ['DOCX', 'contracts/2026/11/three pages.docx'],
  ] as const) {
    it(`opens a ${kind} by its relative path from a signed link`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      try {
        const link = `${server.url}/viewer/?doc=${encodeURIComponent(id)}&lang=en#page=1&token=${await token(id)}`;
        await page.goto(link);
        // A DOCX converts first (LibreOffice, seconds).
        await waitForPainted(page, 1, 90_000);
        const url = new URL(page.url());
        assert.equal(url.searchParams.get('doc'), id);
        assert.doesNotMatch(page.url(), /token=/);
        assert.deepEqual(session.problems, []);
      } finally {
        await session.close();
      }
    });
  }
});
