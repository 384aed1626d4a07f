// npm run serve (docs/server.md, "npm run serve"): the production build and the real facility in one server. Office files
// made by LibreOffice open in Chromium with their page count, after the viewer has shown the
// conversion's progress; page 1 is painted.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
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
/** Text in GBK and Markdown: converted by LibreOffice from the decoded text, Chinese searchable. */
const TEXT: [name: string, bytes: Buffer][] = [
  [
    'report-gbk.txt',
    iconv.encode('季度报告\n本公司营业收入稳定增长，请各部门于下周提交预算。\n', 'gbk'),
  ],
  [
    'README.md',
    Buffer.from(
      '# 季度报告\n\n| 部门 | 预算 |\n| --- | --- |\n| 销售部 | 1200 |\n\n```js\nconst a = 1;\n```\n',
    ),
  ],
];

const root = mkdtempSync(path.join(tmpdir(), 'folio-serve-browser-'));
let browser: Browser;
let server: RunningServer;

before(async () => {
  const { distDir } = await prodBuild();
  const docsDir = path.join(root, 'docs');
  const cacheDir = path.join(root, 'cache');
  mkdirSync(docsDir);
  for (const [name] of OFFICE) copyFileSync(path.join(FIXTURES, name), path.join(docsDir, name));
  for (const [name, bytes] of TEXT) {
    writeFileSync(path.join(docsDir, name), bytes);
    writeFileSync(
      path.join(docsDir, `${name}.json`),
      JSON.stringify({ param: { showSearch: true } }),
    );
  }
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

  for (const [name] of TEXT) {
    it(`opens ${name} to page 1, its Chinese found by search`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      try {
        await page.goto(
          `${server.url}/viewer/?doc=${name}&lang=en#search=${encodeURIComponent('季度报告')}`,
        );
        await page.getByText('1 / 1', { exact: true }).waitFor({ timeout: 120_000 });
        await waitForPainted(page, 1);
        await page.getByRole('searchbox', { name: 'Search text' }).waitFor();
        // pdf.js's own count of the matches in the converted PDF: "1 of 1".
        await page.waitForFunction(
          () => document.querySelector('.folio-search-count')?.textContent.trim() === '1 of 1',
          undefined,
          { timeout: 30_000 },
        );
        await screenshot(page, `serve-${name}`);
        assert.deepEqual(session.problems, []);
      } finally {
        await session.close();
      }
    });
  }
});
