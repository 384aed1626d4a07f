// A sheet's cell comments and drawn objects in the grid (docs/decisions/
// 2026-12-07-sheet-comments-and-drawings.md), through `npm run serve` with SHEET_VIEW=grid and
// signed links, on workbooks the test writes: the comment's corner marker and its text on hover,
// on the keyboard (the active cell, Escape closes it) and on a phone's tap, as text; a chart and
// an image outlined and labelled where they are anchored; a policy without comments showing no
// marker and fetching no comment; a table of text's date column wide enough on a phone; axe
// clean with a comment open, in both languages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildZip } from '../facility/archives/__tests__/_zip.ts';
import { xlsxParts } from '../facility/sheets/__tests__/_xlsx.ts';
import { withMarks } from '../facility/sheets/__tests__/_xlsx-marks.ts';
import { audit } from './support/axe.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import type { RunningServer } from './support/server.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import { PHONE, newSession, screenshot } from './support/viewer.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folio-sheet-marks-'));
const docsDir = path.join(root, 'docs');
const NOTE = 'Check <b>this</b> total';
const THREAD = 'Who approved the South figure?';
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;

const workbook = (name: string) =>
  buildZip(
    withMarks(
      xlsxParts([
        {
          name,
          rows: [
            ['Region', 'Revenue', 'Date'],
            ['North', { v: 1234.5, s: 2 }, { v: 45000, s: 3 }],
            ['South', { v: 987.25, s: 2 }, { v: 45100, s: 3 }],
            ...Array.from({ length: 30 }, (_, i) => [`Row ${String(i + 4)}`, i]),
          ],
          widths: { 0: 14, 1: 14, 2: 14 },
        },
      ]),
      {
        sheet: 1,
        notes: [{ ref: 'B2', author: 'Ann', text: NOTE }],
        threads: [
          {
            ref: 'A3',
            comments: [
              { author: 'Bo', text: THREAD },
              { author: 'Ann', text: 'I did.' },
            ],
          },
        ],
        drawings: [
          { kind: 'chart', from: [1, 4], to: [12, 8], name: 'Chart 1', title: 'Revenue by region' },
          { kind: 'image', from: [14, 0], to: [20, 1], name: 'Picture 2', description: 'Logo' },
        ],
      },
    ),
  );

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  writeFileSync(path.join(docsDir, 'regions.xlsx'), workbook('Regions'));
  writeFileSync(path.join(docsDir, 'quiet.xlsx'), workbook('Quiet'));
  writeFileSync(
    path.join(docsDir, 'quiet.xlsx.json'),
    JSON.stringify({ param: { showComment: false } }),
  );
  const lines = ['Order,Date,Customer'];
  for (let i = 1; i <= 60; i += 1) {
    lines.push(
      `${String(i)},2026-12-${String((i % 28) + 1).padStart(2, '0')},Customer ${String(i)}`,
    );
  }
  writeFileSync(path.join(docsDir, 'orders.csv'), lines.join('\n'));
  served = await serveWithChromium(root, { AUTH_PUBLIC_KEYS: key.keysFile, SHEET_VIEW: 'grid' });
  ({ server, browser } = served);
});

after(() => served.close());

async function open(page: Page, doc: string, lang = 'en') {
  const signed = await key.token(doc);
  await page.goto(
    `${server.url}/viewer/?doc=${encodeURIComponent(doc)}&lang=${lang}#token=${signed}`,
  );
}

const cell = (page: Page, text: string) => page.getByRole('gridcell', { name: text, exact: true });

describe('comments and drawings in the sheet view', () => {
  it('marks a commented cell and shows its text on hover and on the keyboard, as text', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'regions.xlsx');
    await cell(page, 'North').waitFor();
    const marks = page.locator('.folio-sheet-comment-mark');
    await marks.first().waitFor();
    assert.equal(await marks.count(), 2);
    // Hover: the note beside its cell, its markup shown as the characters it is.
    const tooltip = page.getByRole('tooltip');
    await page
      .locator('.folio-sheet-commented', { hasText: '1,234.50' })
      .locator('.folio-sheet-comment-mark')
      .hover();
    await tooltip.waitFor();
    assert.equal(await tooltip.locator('b').count(), 0);
    assert.match((await tooltip.textContent()) ?? '', /Check <b>this<\/b> total/);
    await page.mouse.move(5, 5);
    await tooltip.waitFor({ state: 'detached' });
    // Keyboard: from A1 down twice, the thread of A3 is shown, described and announced.
    await page.getByRole('grid').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await tooltip.waitFor();
    const text = (await tooltip.textContent()) ?? '';
    assert.ok(text.includes(THREAD) && text.includes('I did.'), text);
    const active = page.locator('.folio-sheet-active');
    assert.equal(await active.getAttribute('aria-describedby'), await tooltip.getAttribute('id'));
    const live = page.locator('[aria-live="polite"]', { hasText: 'Cell A3' });
    assert.match((await live.textContent()) ?? '', /Comment by Bo: Who approved/);
    await screenshot(page, 'sheet-marks-comment');
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });
    // The chart and the image are outlined over their cells and labelled.
    const chart = page.locator('.folio-sheet-drawing-chart');
    assert.equal(await chart.textContent(), 'Chart · Revenue by region');
    const image = page.locator('.folio-sheet-drawing-image');
    assert.equal(await image.textContent(), 'Image · Logo');
    const chartBox = await chart.boundingBox();
    const e2 = await page.getByRole('columnheader', { name: 'E', exact: true }).boundingBox();
    assert.ok(chartBox && e2 && Math.abs(chartBox.x - e2.x) < 2, 'the chart starts at column E');
    assert.ok(chartBox.width > e2.width * 4, 'the chart spans E:I');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page
      .locator('[aria-live="polite"]', { hasText: 'Chart “Revenue by region” over E2:I13' })
      .waitFor();
    await screenshot(page, 'sheet-marks-drawings');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('shows no marker and fetches no comment when the policy shows none', async () => {
    const session = await newSession(browser);
    const { page } = session;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('-comments.json')) asked.push(request.url());
    });
    await open(page, 'quiet.xlsx');
    await cell(page, 'North').waitFor();
    await page.locator('.folio-sheet-drawing-chart').waitFor();
    assert.equal(await page.locator('.folio-sheet-comment-mark').count(), 0);
    await cell(page, '1,234.50').click();
    assert.equal(await page.getByRole('tooltip').count(), 0);
    assert.deepEqual(asked, []);
    assert.equal(await page.getByText(NOTE).count(), 0);
    await session.close();
  });

  it('shows a comment on a phone’s tap, and a table of text’s dates whole', async () => {
    const session = await newSession(browser, PHONE);
    const { page } = session;
    await open(page, 'regions.xlsx', 'zh-CN');
    await cell(page, 'North').waitFor();
    await page.locator('.folio-sheet-comment-mark').first().waitFor();
    await page.locator('.folio-sheet-commented', { hasText: '1,234.50' }).tap();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    assert.match((await tooltip.textContent()) ?? '', /Check <b>this<\/b> total/);
    const box = await tooltip.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `bubble ${JSON.stringify(box)}`);
    await page.locator('[aria-live="polite"]', { hasText: 'Ann 的批注' }).waitFor();
    await screenshot(page, 'sheet-marks-phone');
    await open(page, 'orders.csv', 'zh-CN');
    const date = cell(page, '2026-12-02').first();
    await date.waitFor();
    const clipped = await date.evaluate((el) => el.scrollWidth > el.clientWidth);
    assert.equal(clipped, false, 'the date fits its cell');
    await screenshot(page, 'sheet-marks-csv-phone');
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  for (const lang of ['en', 'zh-CN']) {
    it(`is clean for axe with a comment open (${lang})`, async () => {
      const session = await newSession(browser);
      const { page } = session;
      await open(page, 'regions.xlsx', lang);
      await cell(page, 'North').waitFor();
      await page.locator('.folio-sheet-drawing-chart').waitFor();
      await page.getByRole('grid').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tooltip').waitFor();
      assert.deepEqual(await audit(page, `sheet marks ${lang}`), []);
      await session.close();
    });
  }
});
