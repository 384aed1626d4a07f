// Printing a workbook shown as a grid (docs/decisions/2026-12-06-sheet-print.md), through
// `npm run serve` with SHEET_VIEW=grid and signed links, on workbooks the test writes: nothing
// converts while the grid opens (no PDF is served: the viewer asks no `content` of a grid); the Print control
// and Ctrl/⌘+P ask the facility for the workbook's pages (`?view=pages`), LibreOffice makes them,
// the reader chooses all of them or a range (docs/decisions/2026-12-07-sheet-comments-and-drawings.md),
// pdf.js draws those with the reader's watermark and one window.print (stubbed) gets them; a
// view-only reader prints the server's page images and is never sent the PDF; a workbook whose
// policy forbids print has no control and its Ctrl/⌘+P is swallowed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { execSync } from 'node:child_process';
import { buildXlsx, ordersSheet } from '../facility/sheets/__tests__/_xlsx.ts';
import { horizontalRules } from './support/pixels.ts';
import { pressCtrlP, printLog, stubPrint, waitForPrinted } from './support/print-stub.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import type { RunningServer } from './support/server.ts';
import { liesUnder } from './support/layout.ts';
import { hostKey } from './support/signed-links.ts';
import type { HostKey } from './support/signed-links.ts';
import { OUT_DIR, newSession, screenshot } from './support/viewer.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folio-sheet-print-'));
const docsDir = path.join(root, 'docs');
const WATERMARK = { text: 'Li Lei print', fontSize: 28, color: 'rgba(0,0,255,0.6)', rotate: -22 };
let browser: Browser;
let server: RunningServer;
let served: Served;
let key: HostKey;

/** Rows enough for two printed pages. */
const ROWS = Array.from({ length: 70 }, (_, i) => [`Item ${String(i + 1)}`, i * 10, 'note']);

before(async () => {
  key = await hostKey(root);
  mkdirSync(docsDir);
  const book = buildXlsx([{ name: 'Stock', rows: [['Item', 'Count', 'Note'], ...ROWS] }]);
  writeFileSync(path.join(docsDir, 'stock.xlsx'), book);
  writeFileSync(
    path.join(docsDir, 'stock.xlsx.json'),
    JSON.stringify({ watermarkInfo: WATERMARK, param: { print: true, download: true } }),
  );
  writeFileSync(path.join(docsDir, 'orders.xlsx'), buildXlsx([ordersSheet(50_000)]));
  writeFileSync(path.join(docsDir, 'orders.xlsx.json'), JSON.stringify({ param: { print: true } }));
  // One page, its policy asking for the cell grid: six columns, twelve rows.
  const small = [
    ['A', 'B', 'C', 'D', 'E', 'F'],
    ...Array.from({ length: 11 }, (_, i) => [`Row ${String(i + 1)}`, i, i * 2, 'x', 'y', 'z']),
  ];
  writeFileSync(path.join(docsDir, 'small.xlsx'), buildXlsx([{ name: 'Small', rows: small }]));
  writeFileSync(
    path.join(docsDir, 'small.xlsx.json'),
    JSON.stringify({ param: { print: true, gridLine: true } }),
  );
  writeFileSync(path.join(docsDir, 'closed.xlsx'), book);
  writeFileSync(
    path.join(docsDir, 'closed.xlsx.json'),
    JSON.stringify({ param: { print: false } }),
  );
  served = await serveWithChromium(root, {
    AUTH_PUBLIC_KEYS: key.keysFile,
    VIEW_ONLY: 'auto',
    SHEET_VIEW: 'grid',
  });
  ({ server, browser } = served);
});

after(() => served.close());

/** Every answer of the document's `content` and `?view=pages`, in order. */
function watchPdf(page: Page): { url: string; status: number; type: string }[] {
  const seen: { url: string; status: number; type: string }[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (/\/content(\?|$)|\?view=pages/.test(url)) {
      seen.push({ url, status: response.status(), type: response.headers()['content-type'] ?? '' });
    }
  });
  return seen;
}

async function open(page: Page, doc: string, perm?: string[], first = 'Item 1') {
  await page.addInitScript(stubPrint);
  const signed = await key.token(doc, perm);
  await page.goto(`${server.url}/viewer/?doc=${encodeURIComponent(doc)}&lang=en#token=${signed}`);
  await page.getByRole('gridcell', { name: first, exact: true }).waitFor();
}

/**
 * The grid's print choice, once the pages are made: all of them, or the range given; then Print.
 * Answers the page count the dialog offered.
 */
async function choosePages(page: Page, range?: string, shot?: string): Promise<number> {
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await dialog.waitFor({ timeout: 240_000 });
  const offered = /All pages \((\d+)\)/.exec((await dialog.textContent()) ?? '');
  const count = Number(offered?.[1] ?? 0);
  if (range !== undefined) {
    await dialog.getByRole('textbox', { name: 'Page range' }).fill(range);
    assert.ok(await dialog.getByRole('radio', { name: /Pages:/ }).isChecked());
  }
  if (shot !== undefined) {
    // Once antd's opening animation is over: the dialog as the reader reads it.
    await page.waitForFunction(() => {
      const modal = document.querySelector('.ant-modal');
      return (
        modal !== null &&
        !modal.className.includes('zoom-') &&
        getComputedStyle(modal).opacity === '1'
      );
    });
    await screenshot(page, shot);
  }
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  return count;
}

/** The first printed page's image, written beside the screenshots to be looked at. */
async function keepFirstImage(page: Page, name: string): Promise<void> {
  const data = await page.evaluate(() => {
    const log = (window as unknown as { __printedFirst?: string }).__printedFirst;
    return log;
  });
  if (data !== undefined) {
    writeFileSync(path.join(OUT_DIR, `${name}.jpg`), Buffer.from(data, 'base64'));
  }
}

/** Copies the first image of the next print job to `window.__printedFirst` as it is printed. */
async function holdFirstImage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const print = window.print.bind(window);
    window.print = () => {
      const img = document.querySelector<HTMLImageElement>('.folio-print-container img');
      if (img) {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d')?.drawImage(img, 0, 0);
        const url = canvas.toDataURL('image/jpeg', 0.8);
        Object.assign(window, { __printedFirst: url.slice(url.indexOf(',') + 1) });
      }
      print();
    };
  });
}

describe('printing a grid', () => {
  it('opens without converting, then prints every page of the workbook, watermarked', async () => {
    const session = await newSession(browser);
    const { page } = session;
    const pdf = watchPdf(page);
    await open(page, 'stock.xlsx');
    // The grid is up and nothing was converted for it: no PDF was served.
    assert.equal(pdf.filter((answer) => answer.status === 200).length, 0, JSON.stringify(pdf));
    await holdFirstImage(page);
    const started = Date.now();
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Making the pages|\d+ \/ \d+/ })
      .waitFor();
    await screenshot(page, 'sheet-print-making');
    const count = await choosePages(page, undefined, 'sheet-print-choice');
    assert.ok(count >= 2, `${String(count)} pages offered`);
    const log = await waitForPrinted(page);
    const ms = Date.now() - started;
    console.log(`sheet print: pages made and printed in ${String(ms)} ms`);
    assert.equal(log.calls, 1);
    const [snapshot] = log.snapshots;
    assert.equal(snapshot.images.length, count);
    for (const image of snapshot.images) {
      // Portrait A4 or Letter at 150 dpi, the watermark's blue on it, text on it.
      assert.ok(image.height > image.width, `${String(image.width)}×${String(image.height)}`);
      assert.ok(image.blue > image.total * 0.001, `blue ${String(image.blue)}`);
      assert.ok(image.dark > image.total * 0.001, `dark ${String(image.dark)}`);
    }
    // The pages were asked for, then the PDF fetched once they were made.
    assert.ok(pdf.some((answer) => answer.url.includes('?view=pages') && answer.status === 200));
    assert.ok(
      pdf.some((answer) => answer.type.includes('application/pdf') && answer.status < 300),
      JSON.stringify(pdf),
    );
    await keepFirstImage(page, 'sheet-print-page-1');
    await screenshot(page, 'sheet-print-done');
    await session.close();
  });

  it('prints from Ctrl+P too, the key kept from the browser, only the range chosen', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'stock.xlsx');
    await page.getByRole('gridcell', { name: 'Item 1', exact: true }).click();
    assert.deepEqual(await pressCtrlP(page), [true]);
    // Cancel in the choice stops the job: no dialog, nothing printed, Print offered again.
    const choice = page.getByRole('dialog', { name: 'Print' });
    await choice.waitFor({ timeout: 240_000 });
    await choice.getByRole('button', { name: 'Cancel', exact: true }).click();
    await choice.waitFor({ state: 'hidden' });
    assert.equal((await printLog(page)).calls, 0);
    assert.equal(await page.locator('.folio-sheet-print-status').count(), 0);
    assert.deepEqual(await pressCtrlP(page), [true]);
    // A range past the end is refused with its reason, Print disabled; then page 2 alone.
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await dialog.waitFor({ timeout: 240_000 });
    await dialog.getByRole('textbox', { name: 'Page range' }).fill('2-99');
    await dialog
      .getByRole('alert')
      .filter({ hasText: /past the end/ })
      .waitFor();
    assert.ok(await dialog.getByRole('button', { name: 'Print', exact: true }).isDisabled());
    assert.ok(
      await liesUnder(
        dialog.getByRole('textbox', { name: 'Page range' }),
        dialog.getByRole('alert'),
      ),
    );
    await screenshot(page, 'sheet-print-choice-invalid');
    await choosePages(page, '2');
    const log = await waitForPrinted(page);
    assert.equal(log.calls, 1);
    assert.equal(log.snapshots[0].images.length, 1);
    await session.close();
  });

  it("prints a view-only reader's page images, never sending the PDF", async () => {
    const session = await newSession(browser);
    const { page } = session;
    const pdf = watchPdf(page);
    await open(page, 'stock.xlsx', ['print']);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await choosePages(page);
    const log = await waitForPrinted(page);
    assert.equal(log.calls, 1);
    const [snapshot] = log.snapshots;
    assert.ok(snapshot.images.length >= 2);
    // The server's images carry the watermark in their pixels.
    assert.ok(snapshot.images.every((image) => image.blue > 0 && image.dark > 0));
    assert.deepEqual(
      pdf.filter((answer) => answer.type.includes('application/pdf')),
      [],
      JSON.stringify(pdf),
    );
    await session.close();
  });

  it("stops a 50 000-row workbook's print mid-way on Cancel (its figures printed)", async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'orders.xlsx', undefined, 'Customer 1');
    console.log(`sheet print 50 000 rows: ${execSync('uptime').toString().trim()}`);
    const started = Date.now();
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const pages = await choosePages(page);
    console.log(`sheet print 50 000 rows: ${String(pages)} pages offered`);
    const status = page.locator('.folio-sheet-print-status');
    await status.filter({ hasText: /\d+ \/ \d+/ }).waitFor({ timeout: 240_000 });
    const made = Date.now();
    const text = async () => (await status.textContent()) ?? '';
    await page.waitForFunction(
      () => {
        const shown = document.querySelector('.folio-sheet-print-status')?.textContent ?? '';
        return Number(/(\d+) \//.exec(shown)?.[1] ?? 0) >= 20;
      },
      undefined,
      { timeout: 240_000 },
    );
    const drawnMs = Date.now() - made;
    const progress = /\d+ \/ \d+/.exec(await text())?.[0] ?? '';
    console.log(
      `sheet print 50 000 rows: pages made in ${String(made - started)} ms, then ${progress} drawn in ${String(drawnMs)} ms`,
    );
    await screenshot(page, 'sheet-print-orders-progress');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await status.waitFor({ state: 'detached' });
    assert.equal((await printLog(page)).calls, 0);
    assert.equal(await page.locator('.folio-print-container').count(), 0);
    await session.close();
  });

  it('prints a one-page workbook at once, without asking, its cell grid printed (gridLine)', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'small.xlsx', undefined, 'Row 1');
    await holdFirstImage(page);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    // No choice is asked for: waitForPrinted would time out behind a dialog.
    const log = await waitForPrinted(page);
    assert.equal(log.calls, 1);
    assert.equal(log.snapshots[0].images.length, 1);
    assert.equal(await page.getByRole('dialog').count(), 0);
    // The printed page drawn where horizontalRules reads a page's canvas: its grid's rules.
    await page.evaluate(
      async (jpeg) => {
        const img = new Image();
        img.src = `data:image/jpeg;base64,${jpeg ?? ''}`;
        await img.decode();
        const holder = document.createElement('div');
        holder.dataset.pageNumber = '0';
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d')?.drawImage(img, 0, 0);
        holder.append(canvas);
        document.body.append(holder);
      },
      await page.evaluate(() => (window as unknown as { __printedFirst?: string }).__printedFirst),
    );
    const rules = await horizontalRules(page, 0, 0.35);
    assert.ok(rules >= 12, `${String(rules)} rules`);
    await keepFirstImage(page, 'sheet-print-grid-line');
    await session.close();
  });

  it('has no Print where the policy forbids it, and swallows Ctrl+P', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'closed.xlsx');
    assert.equal(await page.getByRole('button', { name: 'Print', exact: true }).count(), 0);
    assert.deepEqual(await pressCtrlP(page), [true]);
    await page.waitForTimeout(500);
    assert.equal((await printLog(page)).calls, 0);
    await session.close();
  });
});
