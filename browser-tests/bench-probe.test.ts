// The benchmark's probe (bench/probe.ts) on a page whose every step is scripted and timed by the
// page itself: page 1's preview painted (Element Timing, another page's preview ignored), the
// canvas painted, and `Next page` counted usable only once it is enabled, out of an
// `aria-busy="true"` element and no longer covered. What the bench reports is checked here
// against when things really happened, not against numbers the probe produced.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { installProbe } from '../bench/probe.ts';
import type { ProbeWindow } from '../bench/probe.ts';
import { launchChromium } from './support/chromium.ts';

const PREVIEW = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
<rect width="300" height="400" fill="#fff"/><rect x="20" y="20" width="200" height="30" fill="#000"/></svg>`;

// Each step records performance.now() in window.steps when it is done.
const PAGE = `<!doctype html><html lang="en"><body style="margin:0">
<main class="folio-viewer" aria-busy="true">
  <div style="height:40px"><button type="button" aria-label="Next page" disabled>Next</button></div>
  <div data-page-number="1" style="width:300px;height:400px"></div>
  <div data-page-number="2" style="width:300px;height:400px"></div>
</main>
<div id="cover" style="position:fixed;inset:0"></div>
<script>
  const steps = (window.steps = {});
  const done = (name) => { steps[name] = performance.now(); };
  const main = document.querySelector('main');
  const button = document.querySelector('button');
  const preview = (n) => new Promise((resolve) => {
    const img = new Image();
    img.className = 'folio-preview';
    img.setAttribute('elementtiming', 'folio-preview');
    img.dataset.previewPage = String(n);
    img.onload = resolve;
    img.src = '/preview.svg?' + n;
    document.querySelector('[data-page-number="' + n + '"]').append(img);
  });
  const at = (ms, step) => new Promise((resolve) => setTimeout(() => resolve(step()), ms));
  (async () => {
    await preview(2);
    done('page2Preview');
    await at(150, () => preview(1));
    done('page1Preview');
    await at(100, () => { button.disabled = false; });
    await at(100, () => main.setAttribute('aria-busy', 'false'));
    done('notBusy');
    await at(100, () => document.getElementById('cover').remove());
    done('uncovered');
    await at(200, () => {
      const canvas = document.createElement('canvas');
      canvas.width = 300;
      canvas.height = 400;
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 300, 400);
      context.fillStyle = '#000';
      context.fillRect(20, 20, 200, 30);
      document.querySelector('[data-page-number="1"]').replaceChildren(canvas);
    });
    done('canvas');
  })();
</script></body></html>`;

/** When each step was done (performance.now()); a step not done fails the comparisons. */
interface Steps {
  page2Preview: number;
  page1Preview: number;
  notBusy: number;
  uncovered: number;
  canvas: number;
}

let browser: Browser;
let server: http.Server;
let url: string;

before(async () => {
  server = http.createServer((request, response) => {
    const svg = request.url?.startsWith('/preview.svg') === true;
    response.writeHead(200, { 'content-type': svg ? 'image/svg+xml' : 'text/html' });
    response.end(svg ? PREVIEW : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;
  browser = await launchChromium();
});

after(async () => {
  await browser.close();
  server.close();
});

describe("the bench's probe", () => {
  for (const phone of [false, true]) {
    it(`${phone ? 'phone' : 'desktop'}: times page 1's preview, its canvas and usable controls`, async () => {
      const context = await browser.newContext(
        phone
          ? {
              viewport: { width: 390, height: 844 },
              deviceScaleFactor: 3,
              hasTouch: true,
              isMobile: true,
            }
          : { viewport: { width: 1280, height: 900 } },
      );
      try {
        const page = await context.newPage();
        await page.addInitScript(installProbe);
        await page.goto(url);
        await page.waitForFunction(
          () => {
            const probe = (window as unknown as ProbeWindow).__folioBenchProbe;
            return probe.firstPaint !== null && probe.controls !== null;
          },
          undefined,
          { timeout: 10_000, polling: 'raf' },
        );
        await page.waitForTimeout(200);
        const seen = await page.evaluate(() => {
          const { preview, firstPaint, controls } = (window as unknown as ProbeWindow)
            .__folioBenchProbe;
          const { steps } = window as unknown as { steps: Steps };
          return { preview, firstPaint, controls, steps };
        });
        const { preview, firstPaint, controls, steps } = seen;
        const shown = JSON.stringify(seen);
        assert.ok(preview !== null && firstPaint !== null && controls !== null, shown);
        // Page 2's preview, painted first, is not page 1's.
        assert.ok(preview >= steps.page1Preview - 50, shown);
        assert.ok(preview > steps.page2Preview, shown);
        assert.ok(preview < steps.canvas, shown);
        assert.ok(firstPaint >= steps.canvas, shown);
        // Enabled at +100 ms, not busy at +200 ms: still covered until `uncovered`.
        assert.ok(controls >= steps.uncovered, shown);
        assert.ok(controls < steps.canvas, shown);
      } finally {
        await context.close();
      }
    });
  }
});
