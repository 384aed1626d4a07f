// The sheet view through `npm run serve` with SHEET_VIEW=grid and signed links (docs/server.md,
// "Sheets"; docs/decisions/2026-12-06-sheet-view.md), on workbooks the test writes: values and
// number formats as the file states them, merged, frozen and hidden, several sheets (one hidden,
// one named in Chinese), a link; a 50 000-row workbook's first screen cold (timed), a search
// that finds a cell on row 49 999, Ctrl+End and a deep link; the watermark and anti-copy; a
// view-only reader whose requests never carry the file; a phone; axe in both languages; an `.ods`
// LibreOffice wrote, saved once as a workbook by the server and shown as a grid too.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildXlsx, ordersSheet } from '../facility/sheets/__tests__/_xlsx.ts';
import { flatSheet, savedAs } from '../server/__tests__/_office-samples.ts';
import { audit } from './support/axe.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import type { RunningServer } from './support/server.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import { PHONE, newSession, screenshot } from './support/viewer.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folio-sheet-'));
const docsDir = path.join(root, 'docs');
const WATERMARK = 'Li Lei 2026-12-06';
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  writeFileSync(
    path.join(docsDir, 'summary.xlsx'),
    buildXlsx([
      {
        name: 'Summary',
        rows: [
          [{ v: 'Quarterly summary', s: 1 }, null, null, null],
          ['Region', 'Revenue', 'Date', 'Share'],
          ['North', { v: 1234567.891, s: 2 }, { v: 45000, s: 3 }, { v: 0.125, s: 4 }],
          ['South', { v: 98765.4, s: 2 }, { v: 45100, s: 3 }, { v: 0.5, s: 4 }],
          ['Hidden row', 1],
          [{ v: 'italic note', s: 5 }, 'Example'],
          ...Array.from({ length: 80 }, (_, i) => [`Row ${String(i + 7)}`, i]),
        ],
        merges: ['A1:D1'],
        frozen: { rows: 2, columns: 1 },
        widths: { 0: 18, 1: 16, 2: 14 },
        hiddenRows: [4],
        links: [{ ref: 'B6', url: 'https://example.com/' }],
      },
      { name: 'Secret', hidden: true, rows: [['never shown']] },
      {
        name: '数据',
        rows: [
          ['城市', '人口'],
          ['北京', 21893095],
        ],
      },
    ]),
  );
  writeFileSync(
    path.join(docsDir, 'summary.xlsx.json'),
    JSON.stringify({
      watermarkInfo: { text: WATERMARK, fontSize: 16, color: 'rgba(0,0,0,0.15)', rotate: -22 },
      param: { antiCopy: true, download: true, showSearch: true, showFileName: true },
    }),
  );
  writeFileSync(path.join(docsDir, 'orders.xlsx'), buildXlsx([ordersSheet(50_000)]));
  const ods = await savedAs(
    'sheet',
    flatSheet(
      [
        '<table:table table:name="Budget">',
        '<table:table-row><table:table-cell office:value-type="string"><text:p>OpenDocument cell</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="42"><text:p>42</text:p></table:table-cell></table:table-row>',
        '</table:table>',
      ].join(''),
    ),
    ['.ods'],
  );
  writeFileSync(path.join(docsDir, 'budget.ods'), ods.get('.ods') ?? '');
  writeFileSync(
    path.join(docsDir, 'orders.xlsx.json'),
    JSON.stringify({ param: { download: true, showSearch: true } }),
  );
  served = await serveWithChromium(root, {
    AUTH_PUBLIC_KEYS: key.keysFile,
    VIEW_ONLY: 'auto',
    SHEET_VIEW: 'grid',
  });
  ({ server, browser } = served);
});

after(() => served.close());

async function open(
  page: Page,
  doc: string,
  { lang = 'en', perm = undefined as string[] | undefined, hash = '' } = {},
) {
  const signed = await key.token(doc, perm);
  await page.goto(
    `${server.url}/viewer/?doc=${encodeURIComponent(doc)}&lang=${lang}#token=${signed}${hash}`,
  );
}

const cell = (page: Page, text: string) => page.getByRole('gridcell', { name: text, exact: true });

describe('the sheet view', () => {
  it('shows a workbook as its file states it: formats, merged, frozen, hidden, its sheets', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'summary.xlsx');
    await cell(page, '1,234,567.89').waitFor();
    for (const text of ['3/15/23', '12.5%', '98,765.40', '50.0%', 'italic note']) {
      assert.equal(await cell(page, text).count(), 1, text);
    }
    // The merged title spans A1:D1: wider than its own column, centred.
    await page.getByRole('link', { name: 'Example' }).waitFor();
    const title = page.locator('.folio-sheet-merged', { hasText: 'Quarterly summary' });
    const width = (await title.boundingBox())?.width ?? 0;
    const columnA =
      (await page.getByRole('columnheader', { name: 'A', exact: true }).boundingBox())?.width ?? 0;
    assert.ok(width > columnA * 2, `merged ${String(width)} vs A ${String(columnA)}`);
    // The link opens in a new tab without the opener.
    const link = page.getByRole('link', { name: 'Example' });
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(await link.getAttribute('target'), '_blank');
    // Row 5 is hidden: no row number 5 is drawn.
    assert.equal(await page.getByRole('rowheader', { name: '5', exact: true }).count(), 0);
    // The hidden sheet has no tab; the Chinese one has.
    const tabs = await page.getByRole('tab').allTextContents();
    assert.deepEqual(tabs, ['Summary', '数据']);
    // Frozen: after scrolling down, row 1 and 2 and column A stay.
    await page.getByRole('grid').focus();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await cell(page, 'Row 60').waitFor();
    assert.ok(await cell(page, 'Region').isVisible());
    await screenshot(page, 'sheet-summary-scrolled');
    // Tab between sheets.
    await page.getByRole('tab', { name: '数据' }).click();
    await cell(page, '北京').waitFor();
    // Ctrl+Page Up from the grid: back to the previous shown sheet, the keys still the grid's.
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+PageUp');
    await cell(page, 'North').waitFor();
    assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'Summary');
    await page.keyboard.press('Control+PageDown');
    await cell(page, '北京').waitFor();
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('shows an .ods as a grid once the server has saved it as a workbook', async () => {
    const session = await newSession(browser);
    const { page } = session;
    // The first answers say "converting" (LibreOffice saving it): the viewer polls, then the grid.
    await open(page, 'budget.ods');
    await cell(page, 'OpenDocument cell').waitFor({ timeout: 90_000 });
    assert.equal(await cell(page, '42').count(), 1);
    assert.deepEqual(await page.getByRole('tab').allTextContents(), ['Budget']);
    await screenshot(page, 'sheet-budget-ods');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('holds the watermark and anti-copy over the grid', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'summary.xlsx');
    await cell(page, 'North').waitFor();
    assert.equal(await page.locator('.folio-watermarked').count(), 1);
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+a');
    assert.equal(await page.evaluate(() => document.getSelection()?.toString() ?? ''), '');
    const userSelect = await cell(page, 'North').evaluate((el) => getComputedStyle(el).userSelect);
    assert.equal(userSelect, 'none');
    await screenshot(page, 'sheet-summary-watermark');
    await session.close();
  });

  it('opens a 50 000-row workbook cold within seconds, finds a cell on row 49 999, goes to the end', async () => {
    const session = await newSession(browser);
    const { page } = session;
    // Nothing asks for `content` of a grid ahead (the boot and the doc model wait for the answer's
    // view), so no conversion starts (docs/decisions/2026-12-07-sheet-view-finished.md); a
    // `content` answer, if any came, must not say `converting`.
    const content: Promise<unknown>[] = [];
    page.on('response', (response) => {
      if (/\/content(\?|$)/.test(response.url())) {
        content.push(response.json().then((body: { error?: string }) => body.error, String));
      }
    });
    const load = execSync('uptime').toString().trim();
    const started = Date.now();
    await open(page, 'orders.xlsx');
    await cell(page, 'Customer 1').waitFor({ timeout: 60_000 });
    const firstScreenMs = Date.now() - started;
    console.log(
      `first screen of the 50 000-row workbook, cold: ${String(firstScreenMs)} ms (${load})`,
    );
    // (Before, the same requests were answered `converting`: LibreOffice had started.)
    const answers = await Promise.all(content);
    assert.ok(!answers.includes('converting'), `content answered ${answers.join()}`);
    await screenshot(page, 'sheet-orders-first-screen');
    // Search: the hit is listed by sheet and cell, and shown.
    await page.getByRole('searchbox', { name: 'Search cells' }).fill('Row 49999 note');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Orders!L49999' }).waitFor({ timeout: 60_000 });
    await cell(page, 'Row 49999 note').waitFor();
    // Ctrl+End: the last row.
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+End');
    await cell(page, 'Row 50001 note').waitFor({ timeout: 60_000 });
    await screenshot(page, 'sheet-orders-end');
    // The browser holds only blocks near the place, never the whole sheet.
    const rows = await page.getByRole('row').count();
    assert.ok(rows < 200, `${String(rows)} rows in the DOM`);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('follows a deep link to a sheet and a cell', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'orders.xlsx', { hash: '&sheet=Orders&cell=C40000' });
    await cell(page, 'Customer 39999').waitFor({ timeout: 60_000 });
    const active = page.locator('.folio-sheet-active');
    assert.equal(await active.textContent(), 'Customer 39999');
    await session.close();
  });

  it('gives a view-only reader rows and never the file', async () => {
    const session = await newSession(browser);
    const { page } = session;
    const fileAnswers: string[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (/\/(content|original)(\?|$)/.test(url) && response.status() < 300) fileAnswers.push(url);
    });
    await open(page, 'summary.xlsx', { perm: ['print'] });
    await cell(page, 'North').waitFor();
    assert.equal(await page.getByRole('button', { name: /download/i }).count(), 0);
    assert.deepEqual(fileAnswers, []);
    await session.close();
  });

  it('works on a phone, its tabs reachable', async () => {
    const session = await newSession(browser, PHONE);
    const { page } = session;
    await open(page, 'summary.xlsx', { lang: 'zh-CN' });
    await cell(page, 'North').waitFor();
    assert.ok(await page.getByRole('tab', { name: '数据' }).isVisible());
    await screenshot(page, 'sheet-summary-phone');
    await session.close();
  });

  for (const lang of ['en', 'zh-CN']) {
    it(`is clean for axe (${lang})`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      await open(page, 'summary.xlsx', { lang });
      await cell(page, 'North').waitFor();
      await page.getByRole('link', { name: 'Example' }).waitFor();
      assert.deepEqual(await audit(page, `sheet ${lang}`), []);
      await session.close();
    });
  }
});
