// Fullscreen (behaviour.md, "The phone and the shortcuts help"): the model drives the browser's fullscreen, follows it when the browser
// leaves it on its own, and the pages stay painted.
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

describe('fullscreen', () => {
  it('is absent unless the facility allows it', async () => {
    const session = await newSession(browser);
    await session.page.goto(viewerUrl('?doc=tracemonkey.pdf&lang=en'));
    await waitForPainted(session.page, 1);
    assert.equal(await session.page.getByRole('button', { name: 'Fullscreen' }).count(), 0);
    await session.close();
  });

  it('enters and leaves; leaving from the browser side is followed; pages stay painted', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await page.goto(viewerUrl('?doc=paper-all.pdf&lang=en'));
    await waitForPainted(page, 1);
    const button = page.getByRole('button', { name: 'Fullscreen' });
    await button.click();
    await page.waitForFunction(() =>
      document.fullscreenElement?.classList.contains('folio-viewer'),
    );
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    await waitForPainted(page, 1);
    await screenshot(page, 'fullscreen');
    await page.evaluate(() => document.exitFullscreen());
    await page.waitForFunction(
      () =>
        document.fullscreenElement === null &&
        document.querySelector('[aria-label="Fullscreen"]')?.getAttribute('aria-pressed') ===
          'false',
    );
    await button.click();
    await page.waitForFunction(() => document.fullscreenElement !== null);
    await button.click();
    await page.waitForFunction(() => document.fullscreenElement === null);
    await waitForPainted(page, 1);
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});
