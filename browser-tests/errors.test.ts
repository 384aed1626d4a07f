// Bad input (contracts §8): every failure shows a clear message in the reader's language
// with a way out, nothing uncaught reaches the console, and hostile text stays text.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { paintedPixels, waitForPainted } from './support/pixels.ts';
import { CONVERSION_REASON, PASSWORD } from './support/docs.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

async function open(path: string, init?: string): Promise<ViewerSession> {
  const session = await newSession(browser);
  if (init) await session.page.addInitScript(init);
  await session.page.goto(viewerUrl(path));
  return session;
}

/** pdf.js's own console.error lines about a broken file are expected; anything else is not. */
function unexpected(problems: string[]): string[] {
  return problems.filter(
    (p) =>
      !/Failed to load resource: the server responded with a status of (404|502|503)/.test(p) &&
      !/Unable to get page|Invalid PDF|Warning:/.test(p),
  );
}

describe('facility failures', () => {
  const cases: [string, string, string][] = [
    ['no-such-file.pdf', 'Document not found', 'Retry'],
    ['fail-500.pdf', 'The preview service failed', 'Retry'],
    ['fail-garbage.pdf', 'The preview service sent something unreadable', 'Retry'],
    ['fail-no-converter.pdf', 'This kind of file cannot be previewed here', 'Retry'],
  ];
  for (const [doc, title, action] of cases) {
    it(`${doc}: “${title}” with ${action}`, async () => {
      const session = await open(`?doc=${doc}&lang=en`);
      await session.page.getByText(title).waitFor();
      await session.page.getByRole('button', { name: action }).waitFor();
      assert.deepEqual(unexpected(session.problems), []);
      await session.close();
    });
  }

  it('a facility that does not answer in time: timeout message, and Retry asks again', async () => {
    const session = await open('?doc=slow.pdf&lang=en', 'window.previewTimeoutMs = 1000;');
    await session.page.getByText('The preview service did not answer').waitFor();
    const again = session.page.waitForRequest(/api\/documents\/slow\.pdf$/);
    await session.page.getByRole('button', { name: 'Retry' }).click();
    await again;
    assert.deepEqual(unexpected(session.problems), []);
    await session.close();
  });

  it('absurd fields (negative count and sizes, a number as title) still open the real PDF', async () => {
    const session = await open('?doc=absurd.pdf&lang=en');
    await waitForPainted(session.page, 1);
    await session.page.getByText('1 / 3').waitFor();
    await session.close();
  });

  it('a page count of 10^9 is not trusted: pdf.js’s own count wins', async () => {
    const session = await open('?doc=huge-count.pdf&lang=en');
    await waitForPainted(session.page, 1);
    await session.page.getByText('1 / 3').waitFor();
    await session.close();
  });

  it('while the facility converts, progress shows and the document opens by itself', async () => {
    const session = await open('?doc=converting.pdf&lang=en');
    await session.page.getByText(/Preparing the document: \d+ \/ 3 pages/).waitFor();
    await waitForPainted(session.page, 1, 30_000);
    assert.deepEqual(unexpected(session.problems), []);
    await session.close();
  });

  it("a failed conversion shows the facility's reason as text", async () => {
    const session = await open('?doc=fail-conversion.pdf&lang=en');
    await session.page.getByText('The document could not be converted').waitFor();
    await session.page.getByText(CONVERSION_REASON, { exact: false }).waitFor();
    assert.equal(await session.page.evaluate(() => '__pwned' in window), false);
    assert.equal(await session.page.locator('.ant-result img').count(), 0);
    assert.deepEqual(unexpected(session.problems), []);
    await session.close();
  });

  it('zh-CN: the failure is explained in Chinese', async () => {
    const session = await open('?doc=fail-500.pdf&lang=zh-CN');
    await session.page.getByText('预览服务出错').waitFor();
    await session.page.getByRole('button', { name: '重试' }).waitFor();
    await session.close();
  });
});

describe('broken files', () => {
  for (const doc of ['empty.pdf', 'truncated.pdf', 'corrupt.pdf', 'html.pdf']) {
    it(`${doc}: “This file cannot be displayed” with Retry, nothing executed`, async () => {
      const session = await open(`?doc=${doc}&lang=en`);
      await session.page.getByText('This file cannot be displayed').waitFor();
      await session.page.getByRole('button', { name: 'Retry' }).waitFor();
      assert.equal(await session.page.evaluate(() => '__pwned' in window), false);
      assert.deepEqual(
        session.problems.filter((p) => p.startsWith('uncaught')),
        [],
      );
      await session.close();
    });
  }

  it('a PDF whose one page fails: that page shows an error tile, the others read', async () => {
    const session = await open('?doc=bad-page.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    await page
      .locator('[data-page-number="2"] .folio-page-error')
      .getByText('This page could not be displayed.')
      .waitFor();
    await page.getByRole('textbox', { name: 'Page number' }).fill('3');
    await page.getByRole('textbox', { name: 'Page number' }).press('Enter');
    await waitForPainted(page, 3);
    assert.equal(await paintedPixels(page, 2), 0);
    // The clean-up after 30 s with nothing to draw (its canvas for measuring text leaves <body>)
    // resets pages pdf.js never drew; the failed page keeps its tile.
    await page.locator('body > canvas[lang]').first().waitFor({ state: 'attached' });
    await page.waitForFunction(() => !document.querySelector('body > canvas[lang]'), undefined, {
      timeout: 45_000,
      polling: 500,
    });
    await page.locator('[data-page-number="2"] .folio-page-error').waitFor();
    await screenshot(page, 'errors-bad-page');
    assert.deepEqual(
      session.problems.filter((p) => p.startsWith('uncaught')),
      [],
    );
    await session.close();
  });
});

describe('password-protected PDF', () => {
  it('asks, says a wrong password is wrong, and opens with the right one', async () => {
    const session = await open('?doc=password.pdf&lang=en');
    const { page } = session;
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('wrong');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await dialog.getByText('That password is not correct. Try again.').waitFor();
    await screenshot(page, 'errors-password');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await waitForPainted(page, 1);
    assert.equal(page.url().includes(PASSWORD), false);
    assert.deepEqual(
      session.problems.filter((p) => p.includes(PASSWORD) || p.startsWith('uncaught')),
      [],
    );
    await session.close();
  });

  it('cancel leaves a “password required” state with a way back in', async () => {
    const session = await open('?doc=password.pdf&lang=en');
    const { page } = session;
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('This document needs a password to be shown.').waitFor();
    await page.getByRole('button', { name: 'Enter password' }).click();
    await page.getByRole('dialog', { name: 'Password required' }).waitFor();
    await session.close();
  });
});

describe('hostile strings', () => {
  it('a title with HTML and a bidi override is shown as plain text and never run', async () => {
    const session = await open('?doc=hostile.pdf&lang=en');
    const { page } = session;
    await waitForPainted(page, 1);
    const title = await page.title();
    assert.ok(title.includes('<img src=x onerror='), `title: ${title}`);
    assert.equal(title.includes('\u202E'), false);
    assert.equal(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length), 0);
    assert.equal(await page.evaluate(() => '__pwned' in window), false);
    await session.close();
  });
});
