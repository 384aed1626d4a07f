// Foundation (spec §2): the app boots under BASE_PATH=/viewer/, deep links load every script and
// the lazy page's two chunks, the title follows the document, and failures have a way out.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

describe('boot under a base path', () => {
  it('a deep link /viewer/a/b/c?doc=… loads every script, the two lazy chunks and the document', async () => {
    const session = await newSession(browser);
    const { page } = session;
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(`${String(response.status())} ${new URL(response.url()).pathname}`);
      }
    });
    await page.goto(viewerUrl('a/b/c?doc=tracemonkey.pdf&lang=en'));
    await page.getByText('1 / 14').waitFor();
    assert.ok(scripts.length > 0);
    for (const line of scripts) assert.match(line, /^200 \/viewer\/(assets\/)?[^/]+\.m?js$/, line);
    const lazy = scripts.filter((s) => /viewer(-vendor)?\.js$/.test(s));
    assert.deepEqual(lazy.length, 2, `lazy chunks: ${lazy.join(', ')}`);
    assert.equal(await page.title(), 'tracemonkey');
    await screenshot(page, 'boot-deep-link');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('no ?doc= shows a friendly empty state, and the default title is empty', async () => {
    const session = await newSession(browser);
    await session.page.goto(viewerUrl('?lang=en'));
    await session.page.getByText('No document selected').waitFor();
    assert.equal(await session.page.title(), '');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('an unknown id says so, with Retry', async () => {
    const session = await newSession(browser);
    await session.page.goto(viewerUrl('?doc=no-such-file.pdf&lang=en'));
    await session.page.getByText('Document not found').waitFor();
    await session.page.getByRole('button', { name: 'Retry' }).waitFor();
    await session.close();
  });

  it('lang=zh-CN shows Chinese', async () => {
    const session = await newSession(browser);
    await session.page.goto(viewerUrl('?lang=zh-CN'));
    await session.page.getByText('未选择文档').waitFor();
    await session.close();
  });
});

describe('lazy chunk failure', () => {
  it('an aborted chunk shows an error naming it, and Retry really loads it again', async () => {
    const session = await newSession(browser);
    const { page } = session;
    let requests = 0;
    let fail = true;
    await page.route(/viewer-vendor\.js$/, async (route) => {
      requests += 1;
      if (fail) await route.abort('failed');
      else await route.continue();
    });
    await page.goto(viewerUrl('?doc=tracemonkey.pdf&lang=en'));
    await page.getByText('Part of Folio could not be loaded').waitFor();
    await page.getByText(/Chunk viewer-vendor failed to load/).waitFor();
    await screenshot(page, 'chunk-error');
    fail = false;
    const failedRequests = requests;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-page-number="1"] canvas').waitFor();
    assert.ok(requests > failedRequests, 'Retry asked for the chunk again');
    await session.close();
  });
});
