// Search (behaviour.md, "Search") on real documents: absent by default; on the paper, pdf.js's count
// `i of n` agrees with our results list, Enter / Shift+Enter / F3 / a click in the list move the
// current match, which is highlighted on the page; it all works under anti-copy (the default)
// without making the text selectable; `#search=` opens with the query; on 1000 pages the results
// stream in while the page keeps painting. Times to the first hit and to the full count are
// printed (measured, never asserted).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { waitForPainted } from './support/pixels.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

async function open(rest: string, painted = 1): Promise<ViewerSession> {
  const session = await newSession(browser, { viewport: { width: 1280, height: 800 } });
  await session.page.goto(viewerUrl(rest));
  await waitForPainted(session.page, painted);
  return session;
}

const searchButton = (page: Page, name = 'Search') =>
  page.getByRole('button', { name, exact: true });
const searchBox = (page: Page, name = 'Search text') => page.getByRole('searchbox', { name });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

/** Moves the pointer off the toolbar and waits for its tooltip to go (screenshots show the bar). */
async function noTooltip(page: Page) {
  await page.mouse.move(500, 400);
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('[role="tooltip"]')).some((el) => el.checkVisibility()),
  );
}

/** Waits (bounded) until the count's text matches, and returns it. */
async function waitForCount(page: Page, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const handle = await page.waitForFunction(
    ({ source, flags }) => {
      const text = document.querySelector('.folio-search-count')?.textContent.trim() ?? '';
      return new RegExp(source, flags).test(text) ? text : false;
    },
    { source: pattern.source, flags: pattern.flags },
    { timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as string;
}

/** The results list's final summary, "<n> matches on <m> pages", once every page is searched. */
async function waitForSummary(page: Page, timeoutMs = 30_000) {
  const handle = await page.waitForFunction(
    () => {
      const text =
        document.querySelector('.folio-search-status [aria-live]')?.textContent.trim() ?? '';
      return /^(\d+) match(es)? on (\d+) pages?$/.exec(text)?.slice(0) ?? false;
    },
    undefined,
    { timeout: timeoutMs },
  );
  const [, hits = '', , pages = ''] = (await handle.jsonValue()) as string[];
  return { hits: Number(hits), pages: Number(pages) };
}

describe('search: absent by default', () => {
  it('has no Search control, and Ctrl+F stays the browser’s', async () => {
    const session = await open('?doc=tracemonkey.pdf&lang=en');
    const { page } = session;
    await page.getByRole('region', { name: 'Toolbar' }).waitFor();
    assert.equal(await searchButton(page).count(), 0);
    // A listener added after the app's sees whether the app claimed the key.
    await page.evaluate(() => {
      window.addEventListener('keydown', (event) => {
        (window as unknown as { claimed?: boolean }).claimed = event.defaultPrevented;
      });
    });
    await page.locator('.folio-pdf-container').focus();
    await page.keyboard.press('Control+f');
    assert.equal(
      await page.evaluate(() => (window as unknown as { claimed?: boolean }).claimed),
      false,
    );
    assert.equal(await page.getByRole('searchbox').count(), 0);
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

describe('search on the paper (showSearch on, antiCopy on by default)', () => {
  it('counts hits, moves between them, highlights the current one, lists them by page', async () => {
    const session = await open('?doc=paper-search.pdf&lang=en');
    const { page } = session;
    await searchButton(page).click();
    await searchBox(page).waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Search text',
    );
    await searchBox(page).fill('trace');

    // pdf.js's count, and our own list of the same matches, agree once both have read every page.
    const summary = await waitForSummary(page);
    assert.ok(summary.hits > 10, `"trace" occurs many times in the paper: ${String(summary.hits)}`);
    const total = summary.hits;
    await waitForCount(page, new RegExp(`^1 of ${String(total)}$`));

    // The current match is highlighted, distinct from the others, and in view.
    const selected = page.locator('.textLayer .highlight.selected');
    await selected.first().waitFor({ state: 'visible' });
    const style = await selected
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor.replace(/\s/g, ''));
    assert.notEqual(style, 'rgba(0,0,0,0)', 'the current match has a highlight colour');
    assert.ok((await page.locator('.textLayer .highlight:not(.selected)').count()) > 0);
    const box = await selected.first().boundingBox();
    assert.ok(box && box.width > 0 && box.height > 0 && box.y >= 0 && box.y < 800);

    // Enter / Shift+Enter, F3, and the buttons; the list marks pdf.js's current match.
    const current = (n: number) =>
      page.waitForFunction(
        (i) =>
          Array.from(document.querySelectorAll('.folio-search-hit')).findIndex(
            (row) => row.getAttribute('aria-current') === 'true',
          ) === i,
        n - 1,
      );
    await current(1);
    await searchBox(page).press('Enter');
    await waitForCount(page, new RegExp(`^2 of ${String(total)}$`));
    await current(2);
    await page.locator('.textLayer .highlight.selected').first().waitFor();
    await noTooltip(page);
    await screenshot(page, 'search-paper');
    for (let n = 3; n <= 6; n += 1) {
      await searchBox(page).press('Enter');
      await waitForCount(page, new RegExp(`^${String(n)} of ${String(total)}$`));
      await current(n);
    }
    await searchBox(page).press('Shift+Enter');
    await searchBox(page).press('Shift+Enter');
    await searchBox(page).press('Shift+Enter');
    await searchBox(page).press('Shift+Enter');
    await waitForCount(page, new RegExp(`^2 of ${String(total)}$`));
    await searchBox(page).press('Shift+Enter');
    await waitForCount(page, new RegExp(`^1 of ${String(total)}$`));
    await searchBox(page).press('F3');
    await waitForCount(page, new RegExp(`^2 of ${String(total)}$`));
    await page.getByRole('button', { name: 'Next match' }).click();
    await waitForCount(page, new RegExp(`^3 of ${String(total)}$`));
    await page.getByRole('button', { name: 'Previous match' }).click();
    await waitForCount(page, new RegExp(`^2 of ${String(total)}$`));
    // The list: every row names its page; rows are in document order.
    const rows = results(page).getByRole('listitem');
    assert.ok((await rows.count()) > 0);
    const texts = await rows.allTextContents();
    const pages = (await rows.locator('.folio-search-hit-page').allTextContents()).map((text) =>
      Number(/^p\. (\d+)$/.exec(text)?.[1]),
    );
    assert.equal(pages.length, texts.length);
    assert.ok(
      pages.every((n) => n >= 1 && n <= 14),
      `rows: ${texts.slice(0, 3).join(' | ')}`,
    );
    assert.deepEqual(
      pages,
      pages.toSorted((a, b) => a - b),
    );
    assert.ok(texts.every((text) => /trace/i.test(text)));

    // A click on a row makes that match the current one and shows its page.
    const index = texts.findIndex((_, i) => (pages[i] ?? 0) >= 2);
    assert.ok(index > 0, 'a match after page 1 is listed');
    await rows.nth(index).getByRole('button').click();
    await waitForCount(page, new RegExp(`^${String(index + 1)} of ${String(total)}$`));
    await page.getByText(`${String(pages[index])} / 14`).waitFor();
    await page.waitForFunction(
      (n) =>
        document.querySelector(
          `[data-page-number="${String(n)}"] .textLayer .highlight.selected`,
        ) !== null,
      pages[index],
    );
    assert.equal(await rows.nth(index).getByRole('button').getAttribute('aria-current'), 'true');

    // Back from the first match wraps to the last.
    for (let i = 0; i <= index; i += 1) await searchBox(page).press('Shift+Enter');
    await waitForCount(page, new RegExp(`^${String(total)} of ${String(total)}$`));
    await page.getByText('14 / 14').waitFor();

    // Anti-copy: the highlights are there, yet the text cannot be selected.
    const text = page.locator('[data-page-number="14"] .textLayer span');
    await text.first().click({ clickCount: 3 });
    assert.equal(await page.evaluate(() => window.getSelection()?.toString() ?? ''), '');

    // Esc closes the bar, and pdf.js's highlights go with it.
    await searchBox(page).press('Escape');
    await searchBox(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('.textLayer .highlight') === null);
    assert.equal(await searchButton(page).getAttribute('aria-pressed'), 'false');

    // Ctrl+F opens it again, on the same query.
    await page.keyboard.press('Control+f');
    await searchBox(page).waitFor();
    assert.equal(await searchBox(page).inputValue(), 'trace');
    await waitForCount(page, new RegExp(` of ${String(total)}$`));
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('with anti-copy off and select on, the same triple-click selects (the check can fail)', async () => {
    const session = await open('?doc=paper-search-select.pdf&lang=en#search=trace');
    const { page } = session;
    await waitForCount(page, / of \d+$/);
    await page.locator('.textLayer .highlight.selected').first().waitFor();
    await page.locator('[data-page-number="1"] .textLayer span').first().click({ clickCount: 3 });
    assert.notEqual(await page.evaluate(() => window.getSelection()?.toString() ?? ''), '');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('match case and whole words narrow the matches', async () => {
    const session = await open('?doc=paper-search.pdf&lang=en');
    const { page } = session;
    await page.keyboard.press('Control+f');
    await searchBox(page).fill('trace');
    const all = (await waitForSummary(page)).hits;
    await page.getByRole('checkbox', { name: 'Whole words' }).check();
    await page.waitForFunction((before) => {
      const text =
        document.querySelector('.folio-search-status [aria-live]')?.textContent.trim() ?? '';
      const n = Number(/^(\d+) match/.exec(text)?.[1] ?? 'NaN');
      return n > 0 && n < before;
    }, all);
    const words = (await waitForSummary(page)).hits;
    await waitForCount(page, new RegExp(` of ${String(words)}$`));
    await page.getByRole('checkbox', { name: 'Whole words' }).uncheck();
    await page.getByRole('checkbox', { name: 'Match case' }).check();
    await searchBox(page).fill('Trace');
    await page.waitForFunction((before) => {
      const text =
        document.querySelector('.folio-search-status [aria-live]')?.textContent.trim() ?? '';
      const n = Number(/^(\d+) match/.exec(text)?.[1] ?? 'NaN');
      return n > 0 && n < before;
    }, all);
    const capital = (await waitForSummary(page)).hits;
    await waitForCount(page, new RegExp(` of ${String(capital)}$`));
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('#search= opens the bar with the query and runs it; #page still applies', async () => {
    const session = await open('?doc=paper-search.pdf&lang=en#page=2&search=trace%20tree', 2);
    const { page } = session;
    await searchBox(page).waitFor();
    assert.equal(await searchBox(page).inputValue(), 'trace tree');
    const { hits } = await waitForSummary(page);
    assert.ok(hits > 0);
    await waitForCount(page, new RegExp(`^\\d+ of ${String(hits)}$`));
    const url = new URL(page.url());
    assert.match(url.hash, /search=trace%20tree/);
    assert.match(url.hash, /page=\d+/);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('names its controls in Chinese', async () => {
    const session = await open('?doc=paper-search.pdf&lang=zh-CN');
    const { page } = session;
    await searchButton(page, '搜索').click();
    await searchBox(page, '搜索文本').fill('trace');
    await waitForCount(page, /^第 1 个，共 \d+ 个$/);
    for (const name of ['上一个匹配项', '下一个匹配项', '关闭']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }
    for (const name of ['区分大小写', '全字匹配']) {
      await page.getByRole('checkbox', { name }).waitFor();
    }
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});

describe('search on 1000 pages', () => {
  it('streams results (first hit before the final count) and keeps the page painting', async () => {
    const session = await open('?doc=text-1000-search.pdf&lang=en');
    const { page } = session;
    await page.keyboard.press('Control+f');
    await searchBox(page).waitFor();
    // Everything the reader sees is logged with its time, from the moment the query is typed.
    await page.evaluate(() => {
      const log: { t: number; count: string; status: string; rows: number }[] = [];
      const w = window as unknown as { searchLog: typeof log; t0: number; frames: number[] };
      w.searchLog = log;
      w.frames = [];
      w.t0 = 0;
      document.querySelector('input[type="search"]')?.addEventListener(
        'input',
        () => {
          w.t0 = performance.now();
        },
        { once: true },
      );
      const record = () => {
        log.push({
          t: performance.now(),
          count: document.querySelector('.folio-search-count')?.textContent.trim() ?? '',
          status: document.querySelector('.folio-search-status')?.textContent.trim() ?? '',
          rows: document.querySelectorAll('.folio-search-hit').length,
        });
      };
      new MutationObserver(record).observe(document.querySelector('[role="search"]') ?? document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      const frame = (t: number) => {
        w.frames.push(t);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await searchBox(page).fill('benchmark');
    await searchBox(page).press('Enter');
    // The reader can go on reading while the rest of the document is searched.
    await results(page).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('2 / 1000').waitFor();
    const turnedWhileSearching = await page
      .locator('.folio-search-status')
      .textContent()
      .then((text) => text?.includes('Searching page') ?? false);
    const { hits, pages } = await waitForSummary(page, 120_000);
    assert.ok(pages >= 1000, `"benchmark" is on every page: ${String(pages)}`);
    await waitForCount(page, new RegExp(` of ${String(hits)}$`), 120_000);
    const { log, t0, frames } = await page.evaluate(() => {
      const w = window as unknown as {
        searchLog: { t: number; count: string; status: string; rows: number }[];
        t0: number;
        frames: number[];
      };
      return { log: w.searchLog, t0: w.t0, frames: w.frames };
    });
    const totalOf = (text: string) => Number(/ of (\d+)$/.exec(text)?.[1] ?? 'NaN');
    const firstHit = log.find((entry) => totalOf(entry.count) > 0);
    const fullCount = log.find((entry) => totalOf(entry.count) === hits);
    const firstRow = log.find((entry) => entry.rows > 0);
    const listDone = log.find((entry) => entry.status.includes('matches on'));
    assert.ok(firstHit && fullCount && firstRow && listDone);
    // Streaming: a first match was on screen while the count was still far from final.
    assert.ok(totalOf(firstHit.count) < hits, `first count shown: ${firstHit.count}`);
    assert.ok(firstRow.t < listDone.t);
    // Responsive: the page kept producing frames while the 1000 pages were searched.
    const during = frames.filter((t) => t > t0 && t < Math.max(fullCount.t, listDone.t));
    assert.ok(during.length >= 3, `frames while searching: ${String(during.length)}`);
    const gaps = during.slice(1).map((t, i) => t - (during[i] ?? t));
    const ms = (t: number) => `${String(Math.round(t - t0))} ms`;
    console.log(
      `text-1000 "benchmark": ${String(hits)} matches; count: first hit ${ms(firstHit.t)} ` +
        `(${firstHit.count}), full count ${ms(fullCount.t)}; list: first row ` +
        `${ms(firstRow.t)}, complete ${ms(listDone.t)}; ${String(during.length)} frames, ` +
        `longest gap ${String(Math.round(Math.max(0, ...gaps)))} ms; page turned while ` +
        `searching: ${String(turnedWhileSearching)}`,
    );
    await noTooltip(page);
    await screenshot(page, 'search-1000');
    assert.deepEqual(session.problems, []);
    await session.close();
  });
});
