// View only (docs/decisions/2026-11-29-view-only-viewer.md) through `npm run serve` with a signed
// link whose `perm` lacks `download` (VIEW_ONLY=auto): the reader sees the document from the
// server's page images — page 1 and page 40 of 60 painted, no response of the page's carrying the
// PDF, the reader's watermark in the images' pixels (and no second one drawn over them), search
// finding a word and highlighting it on the image, no text to select or copy, print printing the
// watermarked images, zoom 200 % asking for a sharper image — while `content` and `original`
// answer 403 `view_only` to the same token.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { installImagePixels, WATERMARK_LAYER } from './support/pixels.ts';
import type { ImagePixelsWindow } from './support/pixels.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import type { RunningServer } from './support/server.ts';
import { confirm, drawWithMouse, finishPayload, openPad } from './support/signing.ts';
import { newSession, screenshot } from './support/viewer.ts';

const PAGES = 60;
/** The word only page 40 has. */
const WORD = 'zebracrossing';
const root = mkdtempSync(path.join(tmpdir(), 'folio-view-only-'));
const docsDir = path.join(root, 'docs');
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;

/** Sixty pages of black text; page 40 alone has WORD. */
async function longPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Page ${String(n)} of the long report`, {
      x: 72,
      y: 700,
      size: 28,
      font,
      color: rgb(0, 0, 0),
    });
    for (let line = 0; line < 20; line += 1) {
      const text = n === 40 && line === 5 ? `the ${WORD} is here` : `line ${String(line)} text`;
      page.drawText(text, { x: 72, y: 640 - line * 24, size: 14, font, color: rgb(0, 0, 0) });
    }
  }
  return pdf.save();
}

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  writeFileSync(path.join(docsDir, 'report.pdf'), await longPdf());
  writeFileSync(
    path.join(docsDir, 'report.pdf.json'),
    JSON.stringify({
      title: 'Report',
      // Pure blue: the document itself is black on white, so blue pixels are the watermark's.
      watermarkInfo: { text: '{name} view only', fontSize: 28, color: 'rgba(0, 0, 255, 0.5)' },
      param: {
        download: true,
        print: true,
        antiCopy: true,
        showSearch: true,
        showThumb: true,
        showSignature: true,
      },
    }),
  );
  served = await serveWithChromium(root, { AUTH_PUBLIC_KEYS: key.keysFile, VIEW_ONLY: 'auto' });
  ({ server, browser } = served);
});

after(() => served.close());

const token = (perm: string[]) => key.token('report.pdf', perm);

const link = (signed: string) =>
  `${server.url}/viewer/?doc=report.pdf&lang=en#page=1&token=${signed}`;

interface Ink {
  blue: number;
  dark: number;
}

/**
 * Installed before the app loads, after support/pixels.ts's `installImagePixels`: `__inkOf(img)` counts an image's blue (watermark) and dark
 * (text) pixels on every third pixel, for the page images and the printed ones alike; printing is
 * stubbed to record each printed image's blue pixels.
 */
function instrument(): void {
  const inkOf = (img: HTMLImageElement): Ink => {
    const data = (window as unknown as ImagePixelsWindow).__imagePixels(img);
    let blue = 0;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4 * 3) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (b > 150 && b - r > 60 && b - g > 60) blue += 1;
      if (r < 60 && g < 60 && b < 60) dark += 1;
    }
    return { blue, dark };
  };
  Object.assign(window, { __printed: [] as number[], __inkOf: inkOf });
  window.print = () => {
    const images = document.querySelectorAll<HTMLImageElement>('.folio-print-container img');
    const blue = Array.from(images, (img) => inkOf(img).blue);
    (window as unknown as { __printed: number[] }).__printed.push(...blue);
    setTimeout(() => window.dispatchEvent(new Event('afterprint')), 0);
  };
}

/** Waits until page `n`'s image is decoded; returns its natural width. */
async function imageShown(page: Page, n: number): Promise<number> {
  const handle = await page.waitForFunction(
    (pageNumber) => {
      const img = document.querySelector<HTMLImageElement>(
        `.folio-image-page[data-page-number="${String(pageNumber)}"] img`,
      );
      return img?.complete && img.naturalWidth > 0 ? img.naturalWidth : false;
    },
    n,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Blue (watermark) and dark (text) pixels of page `n`'s image (`instrument`'s `__inkOf`). */
function imagePixels(page: Page, n: number): Promise<Ink> {
  return page.evaluate((pageNumber) => {
    const img = document.querySelector<HTMLImageElement>(
      `.folio-image-page[data-page-number="${String(pageNumber)}"] img`,
    );
    const { __inkOf } = window as unknown as { __inkOf: (image: HTMLImageElement) => Ink };
    return img ? __inkOf(img) : { blue: 0, dark: 0 };
  }, n);
}

describe('a view-only reader (token without download, VIEW_ONLY=auto)', () => {
  it('is refused the file: content and original answer 403 view_only', async () => {
    const bearer = { authorization: `Bearer ${await token(['print'])}` };
    for (const file of ['content', 'original']) {
      const response = await fetch(`${server.url}/viewer/api/documents/report.pdf/${file}`, {
        headers: bearer,
      });
      assert.equal(response.status, 403, file);
      assert.equal(((await response.json()) as { error: string }).error, 'view_only');
    }
  });

  it('reads pages 1 and 40 from watermarked images, finds a word, prints, zooms sharper', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await page.addInitScript(installImagePixels);
    await page.addInitScript(instrument);
    const responses: { url: string; type: string; pdf: boolean }[] = [];
    page.on('response', (response) => {
      void response
        .body()
        .then((body) => body.subarray(0, 5).toString('latin1'))
        .catch(() => '')
        .then((head) => {
          responses.push({
            url: response.url(),
            type: response.headers()['content-type'] ?? '',
            pdf: head === '%PDF-',
          });
        });
    });
    await page.goto(link(await token(['print', 'search'])));
    const width1 = await imageShown(page, 1);
    assert.ok(width1 >= 480, `page 1's image is ${String(width1)} px wide`);
    await page.getByText('1 / 60').first().waitFor();

    // The watermark is in the image's pixels; none is drawn over the page as well.
    const first = await imagePixels(page, 1);
    assert.ok(first.blue > 500, `blue watermark pixels in page 1's image: ${String(first.blue)}`);
    assert.ok(first.dark > 100, `text pixels in page 1's image: ${String(first.dark)}`);
    assert.equal(await page.locator(WATERMARK_LAYER).count(), 0);
    await screenshot(page, 'view-only-page1');

    // Page 40, by the page box: its image is asked for as "40" is typed, before Enter.
    const pageNumber = page.getByRole('textbox', { name: 'Page number' });
    const typed = page.waitForRequest(/\/pages\/[0-9a-f]+\/\d+\/40-\d+(-bare)?\.webp$/);
    await pageNumber.fill('40');
    await typed;
    await page.getByText('1 / 60').first().waitFor();
    await pageNumber.press('Enter');
    await imageShown(page, 40);
    await page.getByText('40 / 60').first().waitFor();
    assert.ok((await imagePixels(page, 40)).blue > 500);

    // Nothing to select or copy: no text layer, and selecting everything selects no page text.
    assert.equal(await page.locator('.textLayer').count(), 0);
    await page.locator('.folio-pdf-container').click();
    await page.keyboard.press('Control+a');
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    assert.ok(!selected.includes('long report'), `selected: ${selected.slice(0, 80)}`);

    // Search: back to page 1, then the word is found on page 40 and highlighted there.
    await pageNumber.fill('1');
    await pageNumber.press('Enter');
    await page.getByText('1 / 60').first().waitFor();
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Search text' }).fill(WORD);
    await page.waitForFunction(
      () => document.querySelector('.folio-search-count')?.textContent.trim() === '1 of 1',
      undefined,
      { timeout: 30_000 },
    );
    await page.getByText('40 / 60').first().waitFor();
    const hit = page.locator('.folio-image-page[data-page-number="40"] .folio-image-hit.selected');
    await hit.waitFor({ state: 'visible' });
    const hitBox = await hit.boundingBox();
    const pageBox = await page.locator('.folio-image-page[data-page-number="40"]').boundingBox();
    assert.ok(hitBox && pageBox && hitBox.width > 20 && hitBox.height > 5);
    // On the page's 6th line (y 640 - 5 × 24 pt from the bottom): about 0.34 of the way down.
    const down = (hitBox.y + hitBox.height / 2 - pageBox.y) / pageBox.height;
    assert.ok(down > 0.28 && down < 0.4, `the highlight is ${down.toFixed(2)} of the way down`);
    await screenshot(page, 'view-only-search');
    await page.keyboard.press('Escape');

    // Print page 40 (allowed): the printed image carries the watermark (the server's, once).
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Page range' }).fill('40');
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await page.waitForFunction(
      () => (window as unknown as { __printed: number[] }).__printed.length,
    );
    const printed = await page.evaluate(
      () => (window as unknown as { __printed: number[] }).__printed,
    );
    assert.equal(printed.length, 1);
    assert.ok((printed[0] ?? 0) > 500, `blue pixels in the printed page: ${String(printed[0])}`);

    // Zoom 200 %: page 40 is asked for again, sharper.
    const before40 = await imageShown(page, 40);
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    // 100 % in 20 % steps to 200 %, where the button stops (the default maxZoomRatio).
    for (let i = 0; i < 5; i += 1) await zoomIn.click();
    assert.ok(await zoomIn.isDisabled());
    await page.waitForFunction(
      ({ n, was }) => {
        const img = document.querySelector<HTMLImageElement>(
          `.folio-image-page[data-page-number="${String(n)}"] img`,
        );
        return img !== null && img.complete && img.naturalWidth > was;
      },
      { n: 40, was: before40 },
      { timeout: 30_000 },
    );
    await screenshot(page, 'view-only-zoom200');

    // No response the page received was the PDF.
    await page.waitForTimeout(200);
    const pdfs = responses.filter((r) => r.type.includes('application/pdf') || r.pdf);
    assert.deepEqual(pdfs, []);
    assert.ok(responses.some((r) => r.type.startsWith('image/webp')));
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('has thumbnails from the images, and places a signature on a page, in PDF points', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await page.goto(link(await token(['print', 'sign'])));
    await imageShown(page, 1);

    await page.getByRole('button', { name: 'Thumbnails' }).click();
    // The panel comes with its chunk: its list, every page's place laid out at once.
    await page.locator('[data-thumbnail-number="1"]').waitFor();
    assert.equal(await page.locator('[data-thumbnail-number]').count(), PAGES);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-thumbnail-number="1"] img');
      return img?.complete === true && img.naturalWidth > 0;
    });
    await page.getByRole('button', { name: 'Page 3', exact: true }).click();
    await page.getByText('3 / 60').first().waitFor();
    await imageShown(page, 3);
    await page.getByRole('button', { name: 'Thumbnails' }).click();

    // A signature placed in the upper half of page 3 lands there, and reaches the host in
    // PDF points of that page (y up from its bottom edge).
    await openPad(page);
    await drawWithMouse(page);
    await confirm(page);
    const target = page.locator('.folio-image-page[data-page-number="3"]');
    const box = await target.boundingBox();
    assert.ok(box);
    await page.mouse.click(box.x + box.width / 2, Math.max(box.y, 60) + 150);
    await target.locator('[data-signature-index="0"]').waitFor();
    await screenshot(page, 'view-only-signature');
    const { placements } = await finishPayload(page);
    assert.equal(placements.length, 1);
    const [placed] = placements;
    assert.ok(placed);
    assert.equal(placed.page, 3);
    assert.ok(placed.x > 0 && placed.x + placed.width < 612, JSON.stringify(placed));
    assert.ok(placed.y > 396 && placed.y + placed.height < 792, JSON.stringify(placed));
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});
