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
