// Page previews (contracts §3 `previews`, docs/architecture.md, "Page previews"): the facility's image
// of a page shows in its place, under the watermark and anti-copy from its first frame, while the PDF
// itself is held back; the reader can already turn pages and open thumbnails; pdf.js's page then
// replaces it. A facility that names no previews gives the viewer as before.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions, Page, Route } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { farFromTheServer, newSession, PHONE, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { paintedPixels, waitForPainted } from './support/pixels.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

/** Holds every request for the document's PDF until `release()`: only previews can show. */
async function holdPdf(page: Page): Promise<{ release: () => void; held: () => number }> {
  let open = false;
  const waiting: Route[] = [];
  await page.route(/\/api\/documents\/[^/]+\/content(\?|$)/, async (route) => {
    if (open) await route.continue();
    else waiting.push(route);
  });
  return {
    held: () => waiting.length,
    release: () => {
      open = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
  };
}

interface FirstFrame {
  page: string | null;
  watermarked: boolean;
  watermarkDrawn: boolean;
  pointerEvents: string;
}

/**
 * Records, in the mutation callback that sees the first preview inserted (before that frame is
 * painted), whether it is inside the watermarked stage and the watermark's overlay is already there.
 */
function recordFirstPreviewFrame(): void {
  const observer = new MutationObserver(() => {
    const image = document.querySelector('img.folio-preview');
    if (!image) return;
    observer.disconnect();
    const stage = image.closest('.folio-watermarked');
    const drawn = [...(stage?.querySelectorAll<HTMLElement>('div') ?? [])].some((div) =>
      div.style.backgroundImage.startsWith('url("data:image'),
    );
    const first: FirstFrame = {
      page: image.getAttribute('data-preview-page'),
      watermarked: stage !== null,
      watermarkDrawn: drawn,
      pointerEvents: getComputedStyle(image).pointerEvents,
    };
    Object.assign(window, { __firstPreview: first });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Sets `window.__sawPreview` once any preview shows, the app's or the first frame's. */
function recordAnyPreview(): void {
  new MutationObserver(() => {
    if (document.querySelector('img.folio-preview, #folio-first-frame')) {
      Object.assign(window, { __sawPreview: true });
    }
  }).observe(document, { childList: true, subtree: true });
}

async function previewOf(page: Page, pageNumber: number) {
  const image = page.locator(`img.folio-preview[data-preview-page="${String(pageNumber)}"]`);
  await image.waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    (n) => {
      const img = document.querySelector<HTMLImageElement>(
        `img.folio-preview[data-preview-page="${String(n)}"]`,
      );
      return img !== null && img.complete && img.naturalWidth > 0;
    },
    pageNumber,
    { timeout: 20_000 },
  );
  return image;
}

/** Pixels of the preview image that are not white, sampled on a canvas. */
function previewInk(page: Page, pageNumber: number): Promise<number> {
  return page.evaluate((n) => {
    const img = document.querySelector<HTMLImageElement>(
      `img.folio-preview[data-preview-page="${String(n)}"]`,
    );
    if (!img) return 0;
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 260;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(img, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200) ink += 1;
    return ink;
  }, pageNumber);
}

async function openHeld(doc: string, options: BrowserContextOptions = {}) {
  const session = await newSession(browser, options);
  const { page } = session;
  await page.addInitScript(recordFirstPreviewFrame);
  await farFromTheServer(page);
  const pdf = await holdPdf(page);
  await page.goto(viewerUrl(`?doc=${encodeURIComponent(doc)}&lang=en`));
  return { session, page, pdf };
}

async function done(session: ViewerSession): Promise<void> {
  try {
    assert.deepEqual(session.problems, []);
  } finally {
    await session.close();
  }
}

describe('page previews', () => {
  it('desktop: page 1 shows as a preview under the watermark and anti-copy while the PDF is held, then pdf.js replaces it', async () => {
    const { session, page, pdf } = await openHeld('policy-watermark.pdf', {
      viewport: { width: 1280, height: 900 },
    });
    const image = await previewOf(page, 1);
    assert.ok(pdf.held() > 0, 'the PDF was asked for and held');
    assert.equal(await page.locator('[data-page-number="1"] canvas').count(), 0);
    const first = (await page.evaluate(
      () => (window as { __firstPreview?: unknown }).__firstPreview,
    )) as FirstFrame;
    assert.deepEqual(first, {
      page: '1',
      watermarked: true,
      watermarkDrawn: true,
      pointerEvents: 'none',
    });
    // "Page 1" in 36 pt Helvetica: some hundred dark pixels of the 200 × 260 sample.
    const ink = await previewInk(page, 1);
    assert.ok(ink > 40, `the preview holds the page, not a blank (${String(ink)} dark pixels)`);
    assert.equal(await image.getAttribute('draggable'), 'false');
    // Anti-copy: the reader's context menu over the preview is refused, as over a page.
    const prevented = await page.evaluate(() => {
      const img = document.querySelector('img.folio-preview');
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      img?.parentElement?.dispatchEvent(event);
      return event.defaultPrevented;
    });
    assert.equal(prevented, true);
    await screenshot(page, 'previews-desktop-held');
    const box = await image.boundingBox();

    pdf.release();
    await waitForPainted(page, 1);
    await page.locator('img.folio-preview[data-preview-page="1"]').waitFor({ state: 'detached' });
    const canvas = await page.locator('[data-page-number="1"] canvas').boundingBox();
    assert.ok(box && canvas);
    // pdf.js draws the page exactly where its preview was: nothing moves at the swap.
    assert.deepEqual(
      [canvas.x, canvas.y, canvas.width, canvas.height].map(Math.round),
      [box.x, box.y, box.width, box.height].map(Math.round),
    );
    assert.ok((await paintedPixels(page, 1)) > 0);
    await screenshot(page, 'previews-desktop-real');
    await done(session);
  });

  it('phone: the toolbar works on the preview: a tap on Next page turns to page 2 before pdf.js has the PDF', async () => {
    const { session, page, pdf } = await openHeld('tracemonkey.pdf', PHONE);
    await previewOf(page, 1);
    const next = page.getByRole('button', { name: 'Next page', exact: true });
    await next.waitFor({ timeout: 20_000 });
    await screenshot(page, 'previews-phone-held');
    assert.ok(pdf.held() > 0);
    await next.tap();
    await previewOf(page, 2);
    await page.getByText('2 / 14', { exact: true }).waitFor();
    assert.equal(await page.locator('.folio-skeleton-page').count(), 1, 'one page at a time');
    pdf.release();
    await waitForPainted(page, 2);
    await page.waitForFunction(() => location.hash.includes('page=2'));
    await done(session);
  });

  it('thumbnails: a 1000-page panel shows the previews of its first pages while the PDF is held', async () => {
    const { session, page, pdf } = await openHeld('panels-1000.pdf', {
      viewport: { width: 1280, height: 900 },
    });
    await previewOf(page, 1);
    await page.getByRole('button', { name: 'Thumbnails', exact: true }).click();
    const first = page.locator('[data-thumbnail-number="1"] img');
    await first.waitFor({ timeout: 20_000 });
    assert.match((await first.getAttribute('src')) ?? '', /^blob:/);
    assert.ok(pdf.held() > 0, 'still no PDF: the pictures are the previews');
    assert.equal(await page.locator('[data-page-number="1"] canvas').count(), 0);
    await screenshot(page, 'previews-thumbnails-held');
    pdf.release();
    await waitForPainted(page, 1);
    await done(session);
  });

  it('a first view whose page 1 is not drawn yet: none asked for near the server, pdf.js draws page 1; from afar the preview shows', async (t) => {
    for (const far of [false, true]) {
      const session = await newSession(browser, { viewport: { width: 1280, height: 900 } });
      const { page } = session;
      if (far) await farFromTheServer(page);
      // Whatever earlier tests had drawn, the answer says nothing is.
      await page.route(/\/api\/documents\/[^/]+$/, async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as { previews: { drawn: number[] } };
        assert.ok(Array.isArray(answer.previews.drawn), 'the real facility says what is drawn');
        answer.previews.drawn = [];
        await route.fulfill({ response, json: answer });
      });
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/previews/')) asked.push(request.url());
      });
      await page.addInitScript(recordAnyPreview);
      await page.goto(viewerUrl('?doc=tracemonkey.pdf&lang=en'));
      await waitForPainted(page, 1);
      const cameIn = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation');
        return navigation instanceof PerformanceNavigationTiming
          ? navigation.responseEnd - navigation.requestStart
          : NaN;
      });
      const sawPreview = await page.evaluate(() => '__sawPreview' in window);
      t.diagnostic(`${far ? 'far' : 'near'}: the page came in in ${cameIn.toFixed(1)} ms`);
      if (far) {
        assert.ok(cameIn >= 100, `the page came in in ${String(cameIn)} ms`);
        assert.ok(
          asked.some((url) => url.includes('/1-')),
          "page 1's preview was asked for",
        );
        assert.equal(sawPreview, true);
      } else if (cameIn < 35) {
        assert.deepEqual(asked, []);
        assert.equal(sawPreview, false);
      } else {
        // A machine too busy to serve its own page within 35 ms is not near: it asks, as from afar.
        assert.ok(
          asked.some((url) => url.includes('/1-')),
          `the page came in in ${String(cameIn)} ms`,
        );
      }
      await done(session);
    }
  });

  it('a facility that names no previews: no preview, and the page comes as before', async () => {
    const session = await newSession(browser);
    const { page } = session;
    let answered = 0;
    await page.route(/\/api\/documents\/[^/]+$/, async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as Record<string, unknown>;
      assert.ok('previews' in answer, 'the real facility names previews');
      delete answer.previews;
      answered += 1;
      await route.fulfill({ response, json: answer });
    });
    await page.addInitScript(recordAnyPreview);
    await page.goto(viewerUrl('?doc=tracemonkey.pdf&lang=en'));
    await waitForPainted(page, 1);
    await page.getByRole('button', { name: 'Next page', exact: true }).waitFor();
    assert.ok(answered > 0);
    assert.equal(await page.evaluate(() => '__sawPreview' in window), false);
    await done(session);
  });
});
