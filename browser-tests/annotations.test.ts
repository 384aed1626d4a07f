// pdf.js's annotation icons (contracts §6): a sticky note (a Text annotation without an appearance
// stream) shows pdf.js's icon, served by Folio beside the cmaps, not a broken image or a 404.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';
import { redPixels, waitForPainted } from './support/pixels.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

describe('annotation icons', () => {
  it("draws a sticky note's icon from Folio's own origin, every request answered", async () => {
    const session = await newSession(browser);
    const { page } = session;
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${String(response.status())} ${response.url()}`);
    });
    await page.goto(viewerUrl('?doc=note.pdf&lang=en'));
    await waitForPainted(page, 1);
    const icon = page.locator('.annotationLayer .textAnnotation img');
    await icon.waitFor();
    const src = (await icon.getAttribute('src')) ?? '';
    assert.match(src, /\/viewer\/pdfjs-[\d.]+\/images\/annotation-comment\.svg$/);
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('.textAnnotation img')?.complete === true,
    );
    const size = await icon.evaluate((img: HTMLImageElement) => img.naturalWidth);
    assert.ok(size > 0, `the icon loaded (natural width ${String(size)})`);
    await screenshot(page, 'annotation-icon');
    assert.deepEqual(refused, []);
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

describe('showComment (contracts §5b)', () => {
  /** Opens `doc`, its page 1 drawn; what the page and its thumbnail show of the comments. */
  async function shows(doc: string, expectNotes: boolean) {
    const session = await newSession(browser);
    const { page } = session;
    await page.goto(viewerUrl(`?doc=${doc}&lang=en`));
    await waitForPainted(page, 1);
    // pdf.js lays the text layer out once the canvas is drawn (annotations included), then the
    // annotation layer: each count below is read after what it counts is final.
    await page.locator('[data-page-number="1"] .textLayer .endOfContent').waitFor({
      state: 'attached',
    });
    const red = await redPixels(page, 1);
    if (expectNotes) await page.locator('.annotationLayer .textAnnotation').waitFor();
    const notes = await page.locator('.annotationLayer .textAnnotation').count();
    await page.getByRole('button', { name: 'Thumbnails' }).click();
    const thumb = page.locator('.folio-thumbnail-frame img').first();
    await thumb.waitFor();
    const thumbRed = await thumb.evaluate(async (img: HTMLImageElement) => {
      // The server's preview may give way to pdf.js's own thumbnail meanwhile, which rejects a
      // decode of the one that went: read whichever the image holds once one decodes.
      for (let tries = 1; ; tries += 1) {
        try {
          await img.decode();
          break;
        } catch (error) {
          if (tries === 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return -1;
      context.drawImage(img, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i] > 200 && data[i + 1] < 80 && data[i + 2] < 80) count += 1;
      }
      return count;
    });
    await screenshot(page, doc.replace('.pdf', ''));
    assert.deepEqual(session.problems, []);
    await session.close();
    return { red, notes, thumbRed };
  }

  it("shows a page's comments, drawn and as notes, in the page and its thumbnail", async () => {
    const shown = await shows('comments.pdf', true);
    assert.ok(shown.red > 100, `red ${String(shown.red)}`);
    assert.equal(shown.notes, 1);
    assert.ok(shown.thumbRed > 50, `thumbnail red ${String(shown.thumbRed)}`);
  });

  it('false hides them on the page and in its thumbnail', async () => {
    const hidden = await shows('comments-hidden.pdf', false);
    assert.deepEqual(hidden, { red: 0, notes: 0, thumbRed: 0 });
  });
});
