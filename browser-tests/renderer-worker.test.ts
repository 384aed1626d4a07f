// Pages are drawn in pdf.js's renderer worker, not on the main thread
// (docs/decisions/2026-11-27-renderer-worker.md): the worker starts from our own origin, page 1's
// canvas gets its pixels as whole-page bitmaps drawn from it, and pdf.js never falls back, on a
// desktop and on a phone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { startServer } from '../server/app.ts';
import type { RunningServer } from '../server/app.ts';
import { installProbe } from '../bench/probe.ts';
import type { ProbeWindow } from '../bench/probe.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { newSession, PHONE, screenshot } from './support/viewer.ts';

const VIEWS: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', PHONE],
];

/**
 * Installed before the app: each canvas that had a bitmap of its own full size drawn onto it (a
 * renderer worker's frame; pdf.js may draw a page's canvas before it is in the page).
 */
function recordWholeBitmaps(): void {
  const canvases: HTMLCanvasElement[] = [];
  (window as unknown as { __wholeBitmaps: HTMLCanvasElement[] }).__wholeBitmaps = canvases;
  const proto = CanvasRenderingContext2D.prototype;
  const draw = Object.getOwnPropertyDescriptor(proto, 'drawImage')?.value as (
    this: CanvasRenderingContext2D,
    ...args: unknown[]
  ) => void;
  proto.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]): void {
    const [source] = args;
    const { canvas } = this;
    if (
      source instanceof ImageBitmap &&
      source.width === canvas.width &&
      source.height === canvas.height
    ) {
      canvases.push(canvas);
    }
    draw.apply(this, args);
  };
}

let browser: Browser;
let server: RunningServer;

before(async () => {
  const { distDir } = await prodBuild();
  server = await startServer({
    port: 0,
    basePath: '/viewer/',
    distDirs: [distDir],
    simulate: true,
  });
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  await server.close();
});

describe("pdf.js's renderer worker", () => {
  for (const [name, options] of VIEWS) {
    it(`${name}: page 1 is drawn in the renderer worker`, async () => {
      const session = await newSession(browser, options);
      const { page } = session;
      const workers: string[] = [];
      const warnings: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      page.on('console', (message) => {
        if (/renderer worker|main-thread rendering/i.test(message.text())) {
          warnings.push(message.text());
        }
      });
      try {
        await page.addInitScript(installProbe);
        await page.addInitScript(recordWholeBitmaps);
        await page.goto(`${server.url}?doc=tracemonkey.pdf&lang=en`);
        await page.waitForFunction(
          () => (window as unknown as ProbeWindow).__folioBenchProbe.firstPaint !== null,
          undefined,
          { timeout: 60_000, polling: 'raf' },
        );
        await screenshot(page, `renderer-worker-${name}`);
        const renderer = workers.filter(
          (url) =>
            url.startsWith(`${server.url}assets/`) &&
            /\/pdf\.renderer\.min\.[0-9a-f]+\.mjs$/.test(url),
        );
        assert.equal(renderer.length, 1, `workers: ${workers.join(', ')}`);
        // Drawn on the main thread, a text page gets no whole-canvas bitmap.
        const drawn = await page.evaluate(
          () =>
            (window as unknown as { __wholeBitmaps: HTMLCanvasElement[] }).__wholeBitmaps.filter(
              (canvas) => canvas.closest('[data-page-number="1"]') !== null,
            ).length,
        );
        assert.ok(drawn > 0, "no frame of the renderer worker's was drawn on page 1's canvas");
        assert.deepEqual(warnings, []);
        assert.deepEqual(session.problems, []);
      } finally {
        await session.close();
      }
    });
  }
});
