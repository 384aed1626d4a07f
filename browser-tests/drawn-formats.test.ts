// OFD, EPUB, XMind and BPMN through the dev server (docs/server.md, "Formats"): each converted by
// the pool on its first open, page 1 painted under the document's watermark, and its words found
// by the viewer's search (the PDF's text layer); the book's outline is its table of contents.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { WATERMARK_LAYER, waitForPainted } from './support/pixels.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

/** The results list's summary, once every page is searched: its number of hits. */
async function searchHits(page: Page, words: string): Promise<number> {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search text' }).fill(words);
  const handle = await page.waitForFunction(
    () => {
      const text =
        document.querySelector('.folio-search-status [aria-live]')?.textContent.trim() ?? '';
      return /^(\d+) match(es)? on \d+ pages?$/.exec(text)?.[1] ?? false;
    },
    undefined,
    { timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

describe('drawn formats open as pages, searchable, under the watermark', () => {
  for (const [doc, words, hits] of [
    // 发票联, 电子发票（普通发票）: the template's word and the title's two.
    ['drawn-invoice.ofd', '发票', 3],
    // A heading and five sentences of the three chapters.
    ['drawn-book.epub', 'keeper', 6],
    ['drawn-plan.xmind', 'Prototype', 1],
    ['drawn-flow.bpmn', 'invoice', 2],
  ] as const) {
    it(`${doc}: page 1 painted, "${words}" found ${String(hits)} times`, async () => {
      const session = await newSession(browser, { viewport: { width: 1280, height: 800 } });
      const { page } = session;
      await page.goto(viewerUrl(`?doc=${doc}&lang=en`));
      // Converted by the pool on this first open: the viewer shows progress, then the page.
      await waitForPainted(page, 1, 90_000);
      assert.equal(await page.locator(WATERMARK_LAYER).count(), 1);
      await screenshot(page, `drawn-${doc}`);
      assert.equal(await searchHits(page, words), hits);
      await page.locator('.textLayer .highlight').first().waitFor({ state: 'visible' });
      await screenshot(page, `drawn-${doc}-search`);
      assert.deepEqual(session.problems, []);
      await session.close();
    });
  }
});
