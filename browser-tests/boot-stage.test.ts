// The boot's stage (docs/decisions/2026-12-07-boot-draws-page-one.md), with the production build:
// page 1 is drawn by pdf.js's display layer before the app's entry has run, in the first frame
// (under its watermark layer, out of the reader's reach), and the app takes that open document
// over: one request for the PDF's head, no range asked for twice, and the stage's canvas gone once
// the viewer's own page 1 is drawn. The boot bar's Next page turns to page 2 there before the app
// has run, and the app opens where the reader turned (docs/decisions/2026-12-07-boot-bar-turns-pages.md).
// On a desktop and on a phone. The facility's answer offers no
// previews here: the stage then draws at any distance from the server, so a loaded machine (a slow
// first byte reads as far, where a preview would be shown first) cannot change what is tested.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { installProbe } from '../bench/probe.ts';
import type { ProbeWindow } from '../bench/probe.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { PASSWORD } from './support/docs.ts';
import { newSession, screenshot } from './support/viewer.ts';

const VIEWS: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  [
    'phone',
    { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 },
  ],
];

/** What the page looked like at the first frame the probe saw page 1 painted. */
interface AtFirstPaint {
  stageCanvas: boolean;
  /** The app's entry had been put in the page to run (the boot's <script> for it). */
  mainRun: boolean;
  /** React had rendered into #root. */
  appRendered: boolean;
  frame: { pointerEvents: string; userSelect: string } | null;
}

/** Installed after the probe: records the page's state in the frame the probe sees page 1 painted. */
function recordAtFirstPaint(): void {
  const holder = window as unknown as ProbeWindow & { __atFirstPaint?: AtFirstPaint };
  const look = () => {
    if (holder.__folioBenchProbe.firstPaint === null) {
      requestAnimationFrame(look);
      return;
    }
    const frame = document.getElementById('folio-first-frame');
    const style = frame && getComputedStyle(frame);
    holder.__atFirstPaint = {
      stageCanvas: frame?.querySelector('canvas[data-stage-page="1"]') != null,
      mainRun: [...document.querySelectorAll('script[src]')].some((e) =>
        /\/main\.[0-9a-f]+\.js$/.test(e.getAttribute('src') ?? ''),
      ),
      appRendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
      frame: style && { pointerEvents: style.pointerEvents, userSelect: style.userSelect },
    };
  };
  requestAnimationFrame(look);
}

let browser: Browser;
let distDir: string;

before(async () => {
  ({ distDir } = await prodBuild());
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
});

describe("the boot's stage draws page 1 before the app", () => {
  for (const [name, options] of VIEWS) {
    it(`${name}: page 1 by pdf.js before main.js, turned to page 2 there, handed over to the viewer`, async () => {
      // A cold server of its own: no preview drawn yet, so near it none is shown first.
      const cacheDir = mkdtempSync(path.join(tmpdir(), 'folio-stage-cache-'));
      const server = await startServer({
        port: 0,
        basePath: '/viewer/',
        distDirs: [distDir],
        cacheDir,
        simulate: true,
      });
      const session = await newSession(browser, options);
      const { page } = session;
      const ranges: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/content')) {
          const headers = request.headers();
          ranges.push('range' in headers ? headers.range : 'whole file');
        }
      });
      try {
        await page.route(/\/api\/documents\/tracemonkey\.pdf$/, async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Record<string, unknown>;
          delete body.previews;
          await route.fulfill({ response, json: body });
        });
        // The app's entry is held back until the stage's page 1 has been looked at.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.addInitScript(installProbe);
        await page.addInitScript(recordAtFirstPaint);
        await page.goto(`${server.url}?doc=tracemonkey.pdf&lang=en`);
        await page.waitForFunction(
          () => (window as unknown as { __atFirstPaint?: unknown }).__atFirstPaint !== undefined,
          undefined,
          { timeout: 60_000, polling: 'raf' },
        );
        await screenshot(page, `boot-stage-${name}-page-1`);
        // The boot bar's controls work before the app: a tap (or click) turns to page 2, drawn by
        // the stage, and the link says where the reader is.
        const next = page.locator('#folio-boot-bar').getByRole('button', { name: 'Next page' });
        if (options.hasTouch === true) await next.tap();
        else await next.click();
        await page
          .locator('#folio-first-frame canvas[data-stage-page="2"]')
          .waitFor({ state: 'attached', timeout: 30_000 });
        assert.equal(new URL(page.url()).hash, '#page=2');
        assert.equal(await page.locator('#folio-boot-bar').textContent(), '2 / 14');
        await screenshot(page, `boot-stage-${name}-page-2`);
        release();
        const seen = await page.evaluate(
          () => (window as unknown as { __atFirstPaint: AtFirstPaint }).__atFirstPaint,
        );
        assert.deepEqual(
          seen,
          {
            stageCanvas: true,
            mainRun: false,
            appRendered: false,
            frame: { pointerEvents: 'none', userSelect: 'none' },
          },
          'page 1 first painted by the stage, before the app was asked for',
        );
        // The app comes, takes the document over and draws page 2 itself; the stage's goes.
        await page.locator('#folio-boot-bar').waitFor({ state: 'detached', timeout: 60_000 });
        await page.waitForFunction(
          () =>
            document.querySelector<HTMLInputElement>('input[aria-label="Page number"]')?.value ===
            '2',
          undefined,
          { timeout: 60_000 },
        );
        await page
          .locator('[data-page-number="2"] canvas')
          .first()
          .waitFor({ state: 'visible', timeout: 60_000 });
        await page.locator('#folio-first-frame').waitFor({ state: 'detached', timeout: 30_000 });
        await screenshot(page, `boot-stage-${name}-app`);
        // One open: the PDF's head asked for once, and no range twice.
        const heads = ranges.filter((range) => range.startsWith('bytes=0-'));
        assert.equal(heads.length, 1, `requests for the PDF: ${ranges.join(', ')}`);
        assert.equal(new Set(ranges).size, ranges.length, `asked twice: ${ranges.join(', ')}`);
        assert.deepEqual(session.problems, []);
      } finally {
        await session.close();
        await server.close();
        rmSync(cacheDir, { recursive: true, force: true });
      }
    });
  }

  it("a password-protected PDF: pdf.js's question goes to the app, which asks and opens it", async () => {
    const docsDir = mkdtempSync(path.join(tmpdir(), 'folio-stage-docs-'));
    copyFileSync(
      path.join(import.meta.dirname, 'fixtures', 'password.pdf'),
      path.join(docsDir, 'password.pdf'),
    );
    const server = await startServer({
      port: 0,
      basePath: '/viewer/',
      distDirs: [distDir],
      docsDir,
      cacheDir: path.join(docsDir, 'cache'),
      simulate: true,
    });
    const session = await newSession(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = session;
    try {
      const heads: string[] = [];
      page.on('request', (request) => {
        const range = 'range' in request.headers() ? request.headers().range : '';
        if (request.url().endsWith('/content') && range.startsWith('bytes=0-')) heads.push(range);
      });
      await page.goto(`${server.url}?doc=password.pdf&lang=en`);
      const dialog = page.getByRole('dialog', { name: 'Password required' });
      await dialog.waitFor({ timeout: 60_000 });
      // The stage opened it (and gave up at pdf.js's question): the app's open is the stage's.
      assert.ok(
        await page.evaluate(() => window.folioEarlyStage?.drawing !== undefined),
        'the stage opened the PDF',
      );
      await dialog.getByLabel('Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Open' }).click();
      await page
        .locator('[data-page-number="1"] canvas')
        .first()
        .waitFor({ state: 'visible', timeout: 60_000 });
      await page.locator('#folio-first-frame').waitFor({ state: 'detached', timeout: 30_000 });
      await screenshot(page, 'boot-stage-password');
      assert.equal(heads.length, 1, `heads asked for: ${heads.join(', ')}`);
      assert.deepEqual(
        session.problems.filter((p) => p.includes(PASSWORD) || p.startsWith('uncaught')),
        [],
      );
    } finally {
      await session.close();
      await server.close();
      rmSync(docsDir, { recursive: true, force: true });
    }
  });
});
