import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';

/**
 * Pixels of page `n`'s canvas, sampled on a grid, that are painted (not white) or pure red (a
 * comment's colour in commentedPdf.ts): 0 when the page has no canvas yet. Read from the canvas
 * itself, so the app's own report of "rendered" is not trusted.
 */
function countOnCanvas(
  page: Page | Frame,
  pageNumber: number,
  kind: 'painted' | 'red',
): Promise<number> {
  return page.evaluate(
    ([n, which]) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        `[data-page-number="${String(n)}"] canvas`,
      );
      if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      const step = 4 * 7;
      for (let i = 0; i < data.length; i += step) {
        if (data[i + 3] === 0) continue;
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        if (which === 'red' ? r > 200 && g < 80 && b < 80 : r < 230 || g < 230 || b < 230) {
          count += 1;
        }
      }
      return count;
    },
    [pageNumber, kind] as const,
  );
}

/** Non-white pixels in page `n`'s canvas: 0 when it has none yet or it is blank. */
export function paintedPixels(page: Page | Frame, pageNumber: number): Promise<number> {
  return countOnCanvas(page, pageNumber, 'painted');
}

/** Pure red pixels in page `n`'s canvas (commentedPdf.ts's square). */
export function redPixels(page: Page | Frame, pageNumber: number): Promise<number> {
  return countOnCanvas(page, pageNumber, 'red');
}

/** Waits until page `n` has painted pixels (bounded by `timeoutMs`). */
export async function waitForPainted(page: Page | Frame, pageNumber: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const painted = await paintedPixels(page, pageNumber);
    if (painted > 50) {
      // Folio's panels, dialogs and menus (antd) come just after the first page (the pages'
      // region is aria-busy until then): a test that looks at them, or for their absence, must
      // not look too early.
      await page
        .locator('.folio-viewer .folio-body:not([aria-busy="true"])')
        .waitFor({ timeout: timeoutMs });
      return painted;
    }
    if (Date.now() > deadline) throw new Error(`page ${String(pageNumber)} was not painted`);
    await page.waitForTimeout(100);
  }
}

/** The CSS box of page `n`'s painted area (the page element without pdf.js's border). */
export function pageBox(page: Page | Frame, pageNumber: number) {
  return page
    .locator(`[data-page-number="${String(pageNumber)}"] .canvasWrapper`)
    .first()
    .boundingBox();
}

/** The watermark's overlay: the stage's child with the tiled background image. */
export const WATERMARK_LAYER = '.folio-stage.folio-watermarked > div[style*="background-image"]';

/** Pixels of the watermark's colour (a clear red over white or grey) in a screenshot region. */
export async function watermarkPixels(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const png = await page.screenshot({ clip });
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let red = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] > data[i + 1] + 50 && data[i] > data[i + 2] + 50) red += 1;
    }
    return red;
  }, png.toString('base64'));
}

/** A region well inside page `n`'s painted area, as it is on screen now. */
export async function pageRegion(page: Page, n: number) {
  const box = await pageBox(page, n);
  assert.ok(box);
  const viewport = page.viewportSize();
  assert.ok(viewport);
  const y = Math.max(box.y, 0) + 20;
  const height = Math.min(box.y + box.height, viewport.height) - y - 20;
  assert.ok(height > 100, `page ${String(n)} is not on screen`);
  return { x: box.x + 20, y, width: Math.min(box.width, viewport.width - box.x) - 40, height };
}

/**
 * Rows of page `n`'s canvas crossed by a horizontal rule at least `minShare` of its width long
 * (painted pixels side by side): a table's grid, never a line of text.
 */
export function horizontalRules(page: Page | Frame, pageNumber: number, minShare: number) {
  return page.evaluate(
    ([n, share]) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        `[data-page-number="${String(n)}"] canvas`,
      );
      const context = canvas?.getContext('2d', { willReadFrequently: true });
      if (!canvas || !context) return 0;
      const { width, height } = canvas;
      const { data } = context.getImageData(0, 0, width, height);
      const minRun = Math.round(width * share);
      let rules = 0;
      for (let y = 0; y < height; y += 1) {
        let run = 0;
        for (let x = 0; x < width && run < minRun; x += 1) {
          const i = (y * width + x) * 4;
          const painted =
            data[i + 3] !== 0 && (data[i] < 230 || data[i + 1] < 230 || data[i + 2] < 230);
          run = painted ? run + 1 : 0;
        }
        if (run >= minRun) rules += 1;
      }
      return rules;
    },
    [pageNumber, minShare] as const,
  );
}

/** What {@link installImagePixels} gives a page's scripts. */
export interface ImagePixelsWindow {
  /** An image's RGBA bytes at its natural size. */
  __imagePixels: (img: HTMLImageElement) => Uint8ClampedArray;
}

/**
 * An init script (before the test's own, which are serialised alone and so cannot import):
 * `window.__imagePixels(img)`, read through a canvas.
 */
export function installImagePixels(): void {
  const imagePixels = (img: HTMLImageElement): Uint8ClampedArray => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context?.drawImage(img, 0, 0);
    return context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
  };
  Object.assign(window, { __imagePixels: imagePixels });
}
