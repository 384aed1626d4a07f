// The facility's policy (behaviour.md, "The facility's policy") on real documents: download (the viewed PDF or the original),
// download switched off (no controls, Ctrl+S swallowed), anti-copy, and the watermark.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { BASE_URL, newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { WATERMARK_LAYER, pageRegion, waitForPainted, watermarkPixels } from './support/pixels.ts';
import { HOSTILE_WATERMARK } from './support/docs.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

async function open(doc: string, options: BrowserContextOptions = {}): Promise<ViewerSession> {
  const session = await newSession(browser, options);
  await session.page.goto(viewerUrl(`?doc=${doc}&lang=en`));
  await waitForPainted(session.page, 1);
  return session;
}

/** What the facility serves at `documents/{id}/{file}`, fetched outside the browser. */
async function facilityBytes(id: string, file: 'content' | 'original'): Promise<Buffer> {
  const response = await fetch(new URL(`api/documents/${id}/${file}`, BASE_URL));
  assert.equal(response.status, 200);
  return Buffer.from(await response.arrayBuffer());
}

const control = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/**
 * Records, from a window listener added now (after the app's own, which is on the window's
 * capture phase), whether each keydown reached it already defaultPrevented.
 */
async function recordKeydowns(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { key: string; prevented: boolean }[] = [];
    Object.assign(window, { __keydowns: seen });
    window.addEventListener('keydown', (event) => {
      seen.push({ key: event.key, prevented: event.defaultPrevented });
    });
  });
}

function keydowns(page: Page): Promise<{ key: string; prevented: boolean }[]> {
  return page.evaluate(
    () => (window as unknown as { __keydowns: { key: string; prevented: boolean }[] }).__keydowns,
  );
}

describe('download', () => {
  it('saves the viewed PDF (isFcsDownload false) under the sanitised title', async () => {
    const session = await open('policy-viewed.pdf');
    const { page } = session;
    const downloading = page.waitForEvent('download');
    await control(page, 'Download').click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'Q3_Q4_ results_.pdf');
    const saved = await readFile(await download.path());
    assert.equal(saved.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(saved.equals(await facilityBytes('policy-viewed.pdf', 'content')));
    await screenshot(page, 'policy-download');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it("saves the facility's original, byte for byte, when isFcsDownload (the default)", async () => {
    const session = await open('policy-original.pdf');
    const { page } = session;
    const requested: string[] = [];
    page.on('request', (request) => {
      requested.push(new URL(request.url()).pathname);
    });
    const downloading = page.waitForEvent('download');
    await control(page, 'Download').click();
    const download = await downloading;
    // The title (from the file name) with the extension the original's Content-Disposition gives.
    assert.equal(download.suggestedFilename(), 'policy-original.pdf');
    const saved = await readFile(await download.path());
    assert.ok(saved.equals(await facilityBytes('policy-original.pdf', 'original')));
    assert.ok(
      requested.some((p) => p.endsWith('/api/documents/policy-original.pdf/original')),
      `requests: ${requested.join(', ')}`,
    );
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('Ctrl+S runs our download instead of the browser saving the page', async () => {
    const session = await open('policy-viewed.pdf');
    const { page } = session;
    await recordKeydowns(page);
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Control+s');
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'Q3_Q4_ results_.pdf');
    const saved = await readFile(await download.path());
    assert.equal(saved.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.deepEqual(await keydowns(page), [
      { key: 'Control', prevented: false },
      { key: 's', prevented: true },
    ]);
    await session.close();
  });

  it('a failed download is reported in a toast, and nothing is saved', async () => {
    const session = await open('policy-original.pdf');
    const { page } = session;
    await page.route('**/original', (route) => route.fulfill({ status: 503, body: 'down' }));
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await control(page, 'Download').click();
    await page.getByText('The download failed (HTTP 503). Please try again.').waitFor();
    assert.equal(downloads, 0);
    await session.close();
  });

  it('Open in new tab opens the viewed PDF in a tab without a handle back to Folio', async () => {
    const session = await open('policy-original.pdf');
    const { page, context } = session;
    const opening = context.waitForEvent('page');
    await control(page, 'Open in new tab').click();
    const tab = await opening;
    await tab.waitForURL(/\/content$/);
    assert.equal(new URL(tab.url()).pathname, '/viewer/api/documents/policy-original.pdf/content');
    assert.equal(await tab.evaluate(() => window.opener === null), true);
    await session.close();
  });
});

describe('download switched off by the facility', () => {
  it('has no Download or Open in new tab control, and Ctrl/⌘+S saves nothing', async () => {
    const session = await open('policy-no-download.pdf');
    const { page } = session;
    await control(page, 'Zoom in').waitFor();
    assert.equal(await control(page, 'Download').count(), 0);
    assert.equal(await control(page, 'Open in new tab').count(), 0);

    await recordKeydowns(page);
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    // Focus on the pages, where a reader would be.
    await page.locator('[data-page-number="1"]').click();
    await page.keyboard.press('Control+s');
    await page.keyboard.press('Meta+s');
    await page.keyboard.press('Control+Shift+S');
    // A bounded wait for a download that must not come.
    const late = await page.waitForEvent('download', { timeout: 1_500 }).then(
      () => true,
      () => false,
    );
    assert.equal(late, false);
    assert.equal(downloads, 0);
    const letters = (await keydowns(page)).filter((k) => k.key.toLowerCase() === 's');
    assert.deepEqual(letters, [
      { key: 's', prevented: true },
      { key: 's', prevented: true },
      { key: 'S', prevented: true },
    ]);
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

/** The text layer's span showing `text` on page `n`. */
const textSpan = (page: Page, n: number, text: string) =>
  page.locator(`[data-page-number="${String(n)}"] .textLayer span`, { hasText: text }).first();

/** Selects with the mouse as a reader would: a triple click, then a drag across the span. */
async function trySelecting(page: Page, n: number, text: string): Promise<string> {
  const span = textSpan(page, n, text);
  await span.waitFor({ state: 'attached' });
  await span.click({ clickCount: 3 });
  const tripled = await page.evaluate(() => getSelection()?.toString() ?? '');
  if (tripled !== '') return tripled;
  const box = await span.boundingBox();
  assert.ok(box);
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  return page.evaluate(() => getSelection()?.toString() ?? '');
}

/** Dispatches a cancelable `type` event at the first element matching `selector`. */
function prevented(page: Page, selector: string, type: string): Promise<boolean> {
  return page.evaluate(
    ([sel, eventType]) => {
      const target = document.querySelector(sel);
      if (!target) throw new Error(`no ${sel}`);
      const event =
        eventType === 'copy' || eventType === 'cut'
          ? new ClipboardEvent(eventType, {
              bubbles: true,
              cancelable: true,
              clipboardData: new DataTransfer(),
            })
          : eventType === 'dragstart'
            ? new DragEvent(eventType, { bubbles: true, cancelable: true })
            : new MouseEvent(eventType, { bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    },
    [selector, type] as const,
  );
}

describe('anti-copy', () => {
  it('on (the default): no selection, copy, cut, context menu or drag — the text layer stays', async () => {
    const session = await open('policy-original.pdf');
    const { page } = session;
    assert.equal(await trySelecting(page, 1, 'Page 1'), '');
    await page.keyboard.press('Control+a');
    assert.equal(await page.evaluate(() => getSelection()?.toString() ?? ''), '');

    const span = '[data-page-number="1"] .textLayer span';
    assert.equal(await prevented(page, span, 'copy'), true);
    assert.equal(await prevented(page, span, 'cut'), true);
    assert.equal(await prevented(page, '[data-page-number="1"]', 'contextmenu'), true);
    assert.equal(await prevented(page, '[data-page-number="1"] canvas', 'dragstart'), true);

    // Even a selection made by script (devtools) reaches no clipboard: pdf.js's own copy handler,
    // which writes the selection into the event's clipboardData, never sees the event.
    const copied = await page.evaluate(() => {
      const span = document.querySelector('[data-page-number="1"] .textLayer span');
      if (!span) throw new Error('no text layer');
      const range = document.createRange();
      range.selectNodeContents(span);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      const clipboardData = new DataTransfer();
      const event = new ClipboardEvent('copy', { bubbles: true, cancelable: true, clipboardData });
      span.dispatchEvent(event);
      getSelection()?.removeAllRanges();
      return { prevented: event.defaultPrevented, data: clipboardData.getData('text/plain') };
    });
    assert.deepEqual(copied, { prevented: true, data: '' });

    // A real right click on the page: a listener added after the app's sees it prevented.
    await page.evaluate(() => {
      window.addEventListener('contextmenu', (event) => {
        Object.assign(window, { __menuPrevented: event.defaultPrevented });
      });
    });
    await textSpan(page, 1, 'Page 1').click({ button: 'right' });
    assert.equal(
      await page.evaluate(() => (window as { __menuPrevented?: boolean }).__menuPrevented),
      true,
    );

    // Search needs the text layer: it is there, with the page's text.
    assert.equal(await textSpan(page, 1, 'Page 1').count(), 1);
    // The page number field still takes text and keeps its own copy.
    assert.equal(await prevented(page, 'input[aria-label="Page number"]', 'copy'), false);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('off with select on: text selects and copies normally', async () => {
    const session = await open('policy-select.pdf');
    const { page } = session;
    const selected = await trySelecting(page, 1, 'Page 1');
    assert.ok(selected.includes('Page 1'), `selected: ${JSON.stringify(selected)}`);
    // The copy carries the selected text (pdf.js's text layer writes it into clipboardData).
    const copied = await page.evaluate(() => {
      const clipboardData = new DataTransfer();
      const event = new ClipboardEvent('copy', { bubbles: true, cancelable: true, clipboardData });
      document.querySelector('[data-page-number="1"] .textLayer span')?.dispatchEvent(event);
      return clipboardData.getData('text/plain');
    });
    assert.ok(copied.includes('Page 1'), `copied: ${JSON.stringify(copied)}`);
    assert.equal(await prevented(page, '[data-page-number="1"]', 'contextmenu'), false);
    await session.close();
  });

  it('off with select off: nothing to copy, as text does not select', async () => {
    const session = await open('policy-no-select.pdf');
    const { page } = session;
    assert.equal(await trySelecting(page, 1, 'Page 1'), '');
    await session.close();
  });
});

describe('watermark', () => {
  it('tiles the text over the pages, lets clicks through, and survives scroll, zoom and rotation', async () => {
    const plain = await open('policy-original.pdf');
    assert.equal(await plain.page.locator(WATERMARK_LAYER).count(), 0);
    assert.equal(await watermarkPixels(plain.page, await pageRegion(plain.page, 1)), 0);
    await plain.close();

    const session = await open('policy-watermark.pdf');
    const { page } = session;
    await page.locator(WATERMARK_LAYER).waitFor({ state: 'attached' });
    assert.ok((await watermarkPixels(page, await pageRegion(page, 1))) > 200);
    await screenshot(page, 'policy-watermark');

    // Over the pages, and not in the way: what is under the pointer is the page.
    const under = await page.evaluate(() => {
      const box = document.querySelector('[data-page-number="1"]')?.getBoundingClientRect();
      if (!box) return '';
      const element = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return element?.closest('[data-page-number]')?.getAttribute('data-page-number') ?? '';
    });
    assert.equal(under, '1');
    const style = await page.locator(WATERMARK_LAYER).evaluate((mark) => {
      const computed = getComputedStyle(mark);
      return { pointerEvents: computed.pointerEvents, visibility: computed.visibility };
    });
    assert.deepEqual(style, { pointerEvents: 'none', visibility: 'visible' });

    // Scrolled to page 3, zoomed in and rotated: still over the page on screen.
    await page.getByRole('textbox', { name: 'Page number' }).fill('3');
    await page.getByRole('textbox', { name: 'Page number' }).press('Enter');
    await waitForPainted(page, 3);
    assert.ok((await watermarkPixels(page, await pageRegion(page, 3))) > 200);
    await control(page, 'Zoom in').click();
    await control(page, 'Rotate clockwise').click();
    await waitForPainted(page, 3);
    assert.ok((await watermarkPixels(page, await pageRegion(page, 3))) > 200);
    await screenshot(page, 'policy-watermark-rotated');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('comes back after being removed or hidden in the DOM', async () => {
    const session = await open('policy-watermark.pdf');
    const { page } = session;
    await page.locator(WATERMARK_LAYER).waitFor({ state: 'attached' });
    await page.evaluate((selector) => {
      document.querySelector(selector)?.remove();
    }, WATERMARK_LAYER);
    await page.waitForFunction(
      (selector) => document.querySelector(selector) !== null,
      WATERMARK_LAYER,
      {
        timeout: 5_000,
      },
    );
    await page.evaluate((selector) => {
      document.querySelector<HTMLElement>(selector)?.style.setProperty('display', 'none');
    }, WATERMARK_LAYER);
    await page.waitForFunction(
      (selector) => {
        const mark = document.querySelector(selector);
        return mark !== null && getComputedStyle(mark).display !== 'none';
      },
      WATERMARK_LAYER,
      { timeout: 5_000 },
    );
    assert.ok((await watermarkPixels(page, await pageRegion(page, 1))) > 200);
    await session.close();
  });

  it('stays over the pages in fullscreen', async () => {
    const session = await open('policy-watermark.pdf');
    const { page } = session;
    await page.locator(WATERMARK_LAYER).waitFor({ state: 'attached' });
    await page.evaluate(() => document.querySelector('.folio-viewer')?.requestFullscreen());
    await page.waitForFunction(() => document.fullscreenElement !== null);
    assert.equal(
      await page.evaluate(
        (selector) => document.fullscreenElement?.contains(document.querySelector(selector)),
        WATERMARK_LAYER,
      ),
      true,
    );
    await waitForPainted(page, 1);
    assert.ok((await watermarkPixels(page, await pageRegion(page, 1))) > 200);
    await session.close();
  });

  it('is drawn on a phone too', async () => {
    const session = await open('policy-watermark.pdf', {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const { page } = session;
    await page.locator(WATERMARK_LAYER).waitFor({ state: 'attached' });
    assert.ok((await watermarkPixels(page, await pageRegion(page, 1))) > 200);
    await screenshot(page, 'policy-watermark-phone');
    await session.close();
  });

  it(`draws HTML in the text as text and never runs it (${HOSTILE_WATERMARK})`, async () => {
    const session = await open('policy-hostile-watermark.pdf');
    const { page } = session;
    await page.locator(WATERMARK_LAYER).waitFor({ state: 'attached' });
    const image = await page
      .locator(WATERMARK_LAYER)
      .evaluate((mark) => getComputedStyle(mark).backgroundImage);
    assert.match(image, /^url\("data:image\/png;base64,/);
    await screenshot(page, 'policy-watermark-hostile');
    assert.equal(await page.evaluate(() => '__pwned' in window), false);
    assert.equal(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length), 0);
    await session.close();
  });
});
