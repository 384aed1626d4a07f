// The first second of a document link, on an emulated 20 Mbit/s + 40 ms link with the production
// build: the toolbar's bar is on screen before the app's first script has arrived (index.html draws
// its place) and so before page 1's first ink, the layout does not shift while the page and the
// controls become usable,
// on a desktop and on a phone. And page 1 is drawn in pdf.js's renderer worker, not on the main
// thread (docs/decisions/2026-11-27-renderer-worker.md): the worker starts from our own origin,
// page 1's canvas gets its pixels as whole-page bitmaps drawn from it, and pdf.js never falls back.
// The probe is the benchmark's (bench/probe.ts): it reads the DOM and pixels, not what the app says
// about itself.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { startServer } from '../server/app.ts';
import type { RunningServer } from '../server/app.ts';
import { installProbe } from '../bench/probe.ts';
import type { ProbeWindow } from '../bench/probe.ts';
import { prodBuild } from './support/build.ts';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot } from './support/viewer.ts';

const LINK = { latency: 40, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: (20e6 / 8) | 0 };
const VIEWS: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  [
    'phone',
    { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 },
  ],
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

describe('the first view of a document link', () => {
  for (const [name, options] of VIEWS) {
    it(`${name}: the toolbar's bar comes before or with page 1, and nothing shifts`, async () => {
      const session = await newSession(browser, options);
      const { page } = session;
      try {
        await page.addInitScript(installProbe);
        const cdp = await session.context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
        await page.goto(`${server.url}?doc=tracemonkey.pdf&lang=en`, { waitUntil: 'commit' });
        await page.waitForFunction(
          () => (window as unknown as ProbeWindow).__folioBenchProbe.bar !== null,
          undefined,
          { polling: 'raf' },
        );
        await screenshot(page, `first-view-${name}-bar`);
        await page.waitForFunction(
          () => (window as unknown as ProbeWindow).__folioBenchProbe.firstPaint !== null,
          undefined,
          {
            timeout: 60_000,
            polling: 'raf',
          },
        );
        await page.waitForFunction(
          () => (window as unknown as ProbeWindow).__folioBenchProbe.controls !== null,
          undefined,
          {
            timeout: 30_000,
            polling: 'raf',
          },
        );
        await page.waitForTimeout(500);
        await screenshot(page, `first-view-${name}-ready`);
        const seen = await page.evaluate(() => ({
          bar: (window as unknown as ProbeWindow).__folioBenchProbe.bar,
          firstPaint: (window as unknown as ProbeWindow).__folioBenchProbe.firstPaint,
          controls: (window as unknown as ProbeWindow).__folioBenchProbe.controls,
          shift: (window as unknown as ProbeWindow).__folioBenchProbe.layoutShift(),
          // When the first of the app's scripts had fully arrived: nothing of the app ran before.
          scripts: Math.min(
            ...performance
              .getEntriesByType('resource')
              .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
              .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
          ),
        }));
        assert.ok(seen.bar !== null && seen.firstPaint !== null, JSON.stringify(seen));
        assert.ok(
          seen.bar <= seen.firstPaint,
          `bar at ${String(seen.bar)} ms, page 1 at ${String(seen.firstPaint)} ms`,
        );
        // Drawn by index.html itself: on screen before the app's first script has arrived.
        assert.ok(
          seen.bar < seen.scripts,
          `bar at ${String(seen.bar)} ms, scripts at ${String(seen.scripts)} ms`,
        );
        assert.equal(seen.shift, 0, `cumulative layout shift ${String(seen.shift)}`);
        assert.deepEqual(session.problems, []);
      } finally {
        await session.close();
      }
    });
  }
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
