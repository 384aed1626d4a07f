// The listing view (contracts §3 "Views beyond pages"; docs/decisions/2026-12-06-listing-view.md).
//
// Part 1, the viewer's side: the facility's answers of the listing contract for an archive and an
// e-mail are given to the page by Playwright (page.route), so that every shape of the contract
// (folders, unopenable and encrypted entries, an e-mail's fields) is shown whatever the facility
// makes of a file, while every entry opened from them is a real PDF of the dev facility, drawn by
// pdf.js. What a reader sees is checked: the tree and its keys, the search, the links, the way
// back, the watermark, anti-copy, the toolbar, a phone, both languages, axe.
//
// Part 2, the whole way: real archives and e-mails served by the server's side of the contract
// (facility/archives/).
import { after, before, describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page, Route } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { PHONE, newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { paintedPixels, waitForPainted } from './support/pixels.ts';
import { audit } from './support/axe.ts';
import { LISTING_ARCHIVE, LISTING_EMAIL, LISTING_ZIP_ENTRY } from './support/docs.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

const ARCHIVE = 'listing-stub.zip';
const EMAIL = 'listing-stub.eml';
const WATERMARK = 'alice · 2026-11-22';
const MODIFIED = '2026-01-02T03:04:05.000Z';

/** The archive's entries: every one that opens is a real PDF of the dev facility. */
const ARCHIVE_ENTRIES = [
  { id: `${ARCHIVE}!1`, path: '2026/合同/季度报告.pdf', size: 1_572_864, opens: true },
  { id: `${ARCHIVE}!2`, path: '2026/合同/acme.pdf', size: 123_456, opens: true },
  { id: `${ARCHIVE}!3`, path: '2026/readme.pdf', size: 512, opens: true },
  { id: `${ARCHIVE}!4`, path: 'logs/2025/app.pdf', size: 2048, opens: true },
  { id: `${ARCHIVE}!5`, path: 'setup.exe', size: 30_000_000, opens: false },
].map((entry) => ({ ...entry, modified: MODIFIED }));

/** What each entry is, in the dev facility. */
const REAL: Partial<Record<string, string>> = {
  [`${ARCHIVE}!1`]: 'tracemonkey.pdf',
  [`${ARCHIVE}!2`]: 'tracemonkey.pdf',
  [`${ARCHIVE}!3`]: 'text-1000.pdf',
  [`${ARCHIVE}!4`]: 'text-1000.pdf',
  [`${EMAIL}!1`]: 'tracemonkey.pdf',
};

const HOSTILE_HTML =
  '<p style="color:#a00">Hello <b>Li Lei</b>,</p><p>the contract is attached.</p>' +
  '<img alt="logo" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==">' +
  '<script>parent.__pwned = 1; window.__pwned = 1</script>' +
  '<img src="https://tracker.example/pixel.png" alt="remote">';

const ANSWERS: Partial<Record<string, object>> = {
  [ARCHIVE]: {
    title: 'scans.zip',
    mimeType: 'application/zip',
    view: 'listing',
    pageCount: 0,
    listing: { kind: 'archive', entries: ARCHIVE_ENTRIES, truncated: false },
    watermarkInfo: { text: WATERMARK, fontSize: 16, color: 'rgba(0,0,0,0.15)', rotate: -22 },
    param: { antiCopy: true, download: true, isFcsDownload: true, showFileName: true },
  },
  [EMAIL]: {
    title: 'Contract.eml',
    mimeType: 'message/rfc822',
    view: 'listing',
    pageCount: 0,
    listing: {
      kind: 'email',
      entries: [{ id: `${EMAIL}!1`, path: '合同.pdf', size: 1_048_576, opens: true }],
      message: {
        from: 'Li Lei <li@example.com>',
        to: ['Han Meimei <han@example.com>'],
        cc: ['<b>not bold</b> <cc@example.com>'],
        date: MODIFIED,
        subject: 'The contract <script>alert(1)</script>',
        text: 'Hello Li Lei,\nthe contract is attached.',
        html: HOSTILE_HTML,
      },
    },
    watermarkInfo: { text: WATERMARK },
    param: { antiCopy: true, download: false, showFileName: true },
  },
};

/** The id a facility URL names (`…/api/documents/<id>[/content|/original]`), and the rest. */
function facilityPath(url: URL): { id: string; rest: string } | undefined {
  const match = /\/api\/documents\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (!match) return undefined;
  const [, id = '', rest = ''] = match;
  return { id: decodeURIComponent(id), rest };
}

/** The listing contract's answers for the two stubs; their entries are the real PDFs of REAL. */
async function serveListings(page: Page, requests: string[] = []): Promise<void> {
  await page.route('**/*', async (route: Route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    const named = facilityPath(url);
    if (!named) return route.continue();
    const answer = ANSWERS[named.id];
    if (answer && named.rest === '') {
      return route.fulfill({ json: answer });
    }
    if (answer && named.rest === '/original') {
      return route.fulfill({
        body: 'PK\u0005\u0006' + '\u0000'.repeat(18),
        headers: { 'content-disposition': 'attachment; filename="scans.zip"' },
        contentType: 'application/zip',
      });
    }
    // A listing has no PDF; nothing asks for one (the first test checks it).
    if (answer) return route.fulfill({ status: 404, json: { error: 'no_pages' } });
    const real = REAL[named.id];
    if (real === undefined) return route.continue();
    const realUrl = url.href.replace(
      `/api/documents/${encodeURIComponent(named.id)}`,
      `/api/documents/${encodeURIComponent(real)}`,
    );
    return route.continue({ url: realUrl });
  });
}

async function openStub(
  id: string,
  { phone = false, lang = 'en', requests = [] as string[], expectViolations = false } = {},
): Promise<ViewerSession> {
  const session = await newSession(browser, phone ? PHONE : {}, { expectViolations });
  await serveListings(session.page, requests);
  await session.page.goto(viewerUrl(`?doc=${encodeURIComponent(id)}&lang=${lang}`));
  return session;
}

const tree = (page: Page) => page.getByRole('tree');
const item = (page: Page, name: string | RegExp) => page.getByRole('treeitem', { name });

async function noViolations(page: Page, state: string, t: TestContext) {
  const violations = await audit(page, state);
  t.diagnostic(`axe: ${state}: ${String(violations.length)} violation(s)`);
  assert.deepEqual(violations, []);
}

describe('the listing view, on the contract’s answers (viewer side)', () => {
  it('lists an archive as a tree with sizes and dates, under the watermark, without page controls', async (t) => {
    const requests: string[] = [];
    const session = await openStub(ARCHIVE, { requests });
    const { page } = session;
    await tree(page).waitFor();
    assert.equal(await tree(page).getAttribute('aria-label'), 'Contents of scans.zip');
    // Folders first, closed; the entry at the root after them.
    const names = await page.getByRole('treeitem').allInnerTexts();
    assert.match(names[0] ?? '', /^2026\b/);
    assert.match(names[1] ?? '', /^logs\b/);
    assert.match(names[2] ?? '', /setup\.exe[\s\S]*no preview[\s\S]*29 MB/);
    assert.equal(await item(page, /^2026/).getAttribute('aria-expanded'), 'false');
    // Only what applies to a listing: no page, zoom or rotation control; the original's download.
    for (const name of [
      'Previous page',
      'Next page',
      'Zoom in',
      'Zoom out',
      'Rotate clockwise',
      'Print',
    ]) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, name);
    }
    assert.equal(await page.getByRole('button', { name: 'Download' }).count(), 1);
    assert.equal(await page.getByRole('link', { name: 'Back to list' }).count(), 0);
    // The watermark over the listing, and anti-copy in force.
    assert.equal(await page.locator('.folio-watermarked').count(), 1);
    assert.equal(
      await page.evaluate(() => document.documentElement.hasAttribute('data-folio-anti-copy')),
      true,
    );
    const userSelect = await item(page, /^2026/).evaluate((el) => getComputedStyle(el).userSelect);
    assert.equal(userSelect, 'none');
    // The page title is the document's (showFileName).
    assert.equal(await page.title(), 'scans.zip');
    await screenshot(page, 'listing-archive-closed');
    await noViolations(page, 'archive, folders closed', t);
    // No PDF asked for before (or after) the answer said listing
    // (docs/decisions/2026-12-06-boot-before-the-app.md).
    assert.deepEqual(
      requests.filter((url) => new URL(url).pathname.endsWith('/content')),
      [],
    );
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('is used with the keyboard: arrows, Home, End, Enter (WAI-ARIA tree)', async (t) => {
    const session = await openStub(ARCHIVE);
    const { page } = session;
    await tree(page).waitFor();
    await item(page, /^2026/).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => document.querySelector('[role="treeitem"][aria-expanded="true"]') !== null,
    );
    await page.keyboard.press('ArrowDown'); // 2026/合同 (folders first)
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    assert.match(await focused(), /^合同/);
    await page.keyboard.press('ArrowRight'); // opens 合同
    await page.keyboard.press('ArrowRight'); // into it: acme.pdf
    assert.match(await focused(), /acme\.pdf/);
    await page.keyboard.press('ArrowLeft'); // back to its folder
    assert.match(await focused(), /^合同/);
    await page.keyboard.press('End');
    assert.match(await focused(), /setup\.exe/);
    await page.keyboard.press('Home');
    assert.match(await focused(), /^2026/);
    // One tab stop: the focused row.
    assert.equal(await page.locator('[role="treeitem"][tabindex="0"]').count(), 1);
    await screenshot(page, 'listing-archive-open');
    await noViolations(page, 'archive, folders open', t);
    // Enter on an entry opens it as a document (Home is 2026, then 合同, then acme.pdf).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.match(await focused(), /acme\.pdf/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('doc') === `${ARCHIVE}!2`);
    await waitForPainted(page, 1);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('filters by name with its searchbox', async () => {
    const session = await openStub(ARCHIVE);
    const { page } = session;
    const box = page.getByRole('searchbox', { name: 'Search by name' });
    await box.fill('季度');
    await page.getByText('1 of 5 entries').waitFor();
    // The entry that matches is shown inside its open folders.
    await item(page, /季度报告\.pdf/).waitFor();
    assert.equal(await page.getByRole('treeitem').count(), 3);
    await box.fill('nothing-like-it');
    await page.getByText('No entry’s name holds “nothing-like-it”.').waitFor();
    await box.fill('');
    await page.getByText('5 entries').waitFor();
    await screenshot(page, 'listing-archive-search');
    await session.close();
  });

  it('opens an entry as its own document, with a way back to the listing (and the browser’s Back)', async (t) => {
    const session = await openStub(ARCHIVE);
    const { page } = session;
    await item(page, /^2026/).click();
    await item(page, /^合同/).click();
    await page.getByRole('link', { name: '季度报告.pdf' }).click();
    await page.waitForURL((url) => url.searchParams.get('doc') === `${ARCHIVE}!1`);
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'en');
    await waitForPainted(page, 1);
    // The PDF's own toolbar, with the way back.
    const back = page.getByRole('link', { name: 'Back to list' });
    await back.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Next page' }).count(), 1);
    await screenshot(page, 'listing-entry-pdf');
    await noViolations(page, 'an entry opened (PDF)', t);
    await back.click();
    await tree(page).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('doc'), ARCHIVE);
    // The listing as it was left: its folders open.
    await item(page, /季度报告\.pdf/).waitFor();
    // The browser's Back: to the entry, then Back again to the listing.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('doc') === `${ARCHIVE}!1`);
    await waitForPainted(page, 1);
    await page.goBack();
    await tree(page).waitFor();
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  // docs/decisions/2026-12-06-listing-view.md, "Leaving a PDF while pdf.js works": leaving a PDF
  // right after page 1 is painted, while pdf.js still draws and reads (text layer, the pages
  // beyond, thumbnails), must not leave a promise of the old document to reject uncaught
  // ("Worker was terminated"). A race, so it is run many times, alternating two documents.
  it('leaves a PDF for another, right after its first page is painted, without an uncaught error', async () => {
    const session = await openStub(ARCHIVE);
    const { page } = session;
    await item(page, /^2026/).click();
    await item(page, /^合同/).click();
    const entries = ['readme.pdf', 'acme.pdf', '季度报告.pdf'];
    for (let round = 0; round < 20; round += 1) {
      const name = entries[round % entries.length] ?? 'readme.pdf';
      await page.getByRole('link', { name }).click();
      if (round === 0) {
        await waitForPainted(page, 1);
        // The thumbnails panel, where there is one, draws too while the document is left.
        const thumbs = page.getByRole('button', { name: 'Thumbnails' });
        if ((await thumbs.count()) > 0) await thumbs.click();
      } else {
        // Left the moment page 1 has pixels: pdf.js is still at the pages beyond, the text layer,
        // the document's metadata.
        while ((await paintedPixels(page, 1)) === 0) await page.waitForTimeout(10);
      }
      await page.getByRole('link', { name: 'Back to list' }).click();
      await tree(page).waitFor();
    }
    // pdf.js's worker finishes tearing the last document down.
    await page.waitForTimeout(500);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('sends the archive’s token for its entries, and never puts it in a link or the address', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsaXN0aW5nIn0.c2lnbmF0dXJl';
    const session = await newSession(browser);
    const { page } = session;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(encodeURIComponent(`${ARCHIVE}!`))) {
        const headers: Partial<Record<string, string>> = request.headers();
        sent.push(headers.authorization ?? 'none');
      }
    });
    await serveListings(page);
    await page.goto(viewerUrl(`?doc=${encodeURIComponent(ARCHIVE)}&lang=en#token=${token}`));
    await tree(page).waitFor();
    assert.ok(!page.url().includes(token), 'the token is taken out of the address bar');
    await item(page, /^2026/).click();
    const link = page.getByRole('link', { name: 'readme.pdf' });
    assert.ok(!((await link.getAttribute('href')) ?? '').includes('token'));
    await link.click();
    await waitForPainted(page, 1);
    assert.ok(!page.url().includes(token));
    assert.ok(sent.length > 0);
    assert.deepEqual([...new Set(sent)], [`Bearer ${token}`]);
    await session.close();
  });

  it('on a phone in Chinese: rows a finger hits, 返回列表, axe clean', async (t) => {
    const session = await openStub(ARCHIVE, { phone: true, lang: 'zh-CN' });
    const { page } = session;
    await tree(page).waitFor();
    assert.equal(await tree(page).getAttribute('aria-label'), 'scans.zip 的内容');
    await item(page, /^2026/).tap();
    await item(page, /^合同/).tap();
    const row = item(page, /季度报告\.pdf/);
    const box = await row.boundingBox();
    assert.ok(box && box.height >= 44, `row height ${String(box?.height)}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scroll (${String(width)} px)`);
    await screenshot(page, 'listing-archive-phone-zh');
    await noViolations(page, 'archive on a phone, zh-CN', t);
    await row.tap();
    await page.waitForURL((url) => url.searchParams.get('doc') === `${ARCHIVE}!1`);
    await waitForPainted(page, 1);
    const back = page.getByRole('link', { name: '返回列表' });
    await back.waitFor();
    await screenshot(page, 'listing-entry-phone-zh');
    await back.tap();
    await tree(page).waitFor();
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('shows an e-mail: its fields as text, its HTML body sandboxed with no script and no network, its attachments', async (t) => {
    const requests: string[] = [];
    // Its body's script and remote image are refused (the CSP reports the image): expected here.
    const session = await openStub(EMAIL, { requests, expectViolations: true });
    const { page } = session;
    await page.getByRole('article', { name: 'E-mail message' }).waitFor();
    await page.getByText('The contract <script>alert(1)</script>').waitFor();
    await page.getByText('<b>not bold</b> <cc@example.com>').waitFor();
    const frame = page.locator('iframe.folio-email-html');
    assert.equal(await frame.getAttribute('sandbox'), '');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    assert.match(
      srcdoc,
      /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">/,
    );
    const body = page.frameLocator('iframe.folio-email-html');
    await body.getByText('the contract is attached.').waitFor();
    assert.equal(
      await page.evaluate(() => 'dangerouslySet' in window || '__pwned' in window),
      false,
    );
    assert.equal(
      requests.some((url) => url.includes('tracker.example')),
      false,
      'nothing remote fetched',
    );
    // Its attachment, as an entry; no download (the policy forbids it).
    await page.getByRole('tree', { name: 'Attachments' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Download' }).count(), 0);
    await screenshot(page, 'listing-email');
    await noViolations(page, 'an e-mail', t);
    await page.getByRole('link', { name: '合同.pdf' }).click();
    await waitForPainted(page, 1);
    await page.getByRole('link', { name: 'Back to list' }).click();
    await page.getByRole('article', { name: 'E-mail message' }).waitFor();
    // What was refused: the body's script (the sandbox) and its remote image (the CSP), nothing else.
    const refused = session.problems.filter(
      (problem) =>
        !problem.includes("Blocked script execution in 'about:srcdoc'") &&
        !problem.includes("Loading the image 'https://tracker.example/pixel.png'"),
    );
    assert.deepEqual(refused, []);
    assert.ok(session.violations.length > 0);
    for (const violation of session.violations) {
      assert.match(JSON.stringify(violation), /tracker\.example/);
    }
    await session.close();
  });

  it('an e-mail on a phone', async () => {
    const session = await openStub(EMAIL, { phone: true, expectViolations: true });
    await session.page.getByRole('article', { name: 'E-mail message' }).waitFor();
    await session.page.frameLocator('iframe.folio-email-html').getByText('Li Lei').waitFor();
    await screenshot(session.page, 'listing-email-phone');
    await session.close();
  });
});

describe('the listing view, the whole way', () => {
  it('lists a real zip with Chinese names, opens a PDF from it and comes back', async (t) => {
    const session = await newSession(browser);
    const { page } = session;
    await page.goto(viewerUrl(`?doc=${encodeURIComponent(LISTING_ARCHIVE)}&lang=en`));
    await tree(page).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('报告');
    await page.getByRole('link', { name: LISTING_ZIP_ENTRY }).click();
    await waitForPainted(page, 1);
    await page.getByRole('link', { name: 'Back to list' }).click();
    await tree(page).waitFor();
    await screenshot(page, 'listing-real-zip');
    await noViolations(page, 'a real zip', t);
    await session.close();
  });

  it('shows a real e-mail with its HTML body and its PDF attachment', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await page.goto(viewerUrl(`?doc=${encodeURIComponent(LISTING_EMAIL)}&lang=en`));
    await page.getByRole('article', { name: 'E-mail message' }).waitFor();
    await page.frameLocator('iframe.folio-email-html').locator('body').waitFor();
    await page.getByRole('tree', { name: 'Attachments' }).waitFor();
    await screenshot(page, 'listing-real-email');
    await session.close();
  });
});
