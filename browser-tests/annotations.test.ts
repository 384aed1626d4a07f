// pdf.js's annotation icons (contracts §6): a sticky note (a Text annotation without an appearance
// stream) shows pdf.js's icon, served by Folio beside the cmaps, not a broken image or a 404.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';
import { waitForPainted } from './support/pixels.ts';

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
