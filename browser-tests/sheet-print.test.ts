// Printing a workbook shown as a grid (docs/decisions/2026-12-06-sheet-print.md), through
// `npm run serve` with SHEET_VIEW=grid and signed links, on workbooks the test writes: nothing
// converts while the grid opens (no PDF is served: the viewer asks no `content` of a grid); the Print control
// and Ctrl/⌘+P ask the facility for the workbook's pages (`?view=pages`), LibreOffice makes them,
// pdf.js draws every one with the reader's watermark and one window.print (stubbed) gets them; a
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
import { pressCtrlP, printLog, stubPrint, waitForPrinted } from './support/print-stub.ts';
import { serveWithChromium } from './support/served.ts';
import type { Served } from './support/served.ts';
import type { RunningServer } from './support/server.ts';
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
    const log = await waitForPrinted(page);
    const ms = Date.now() - started;
    console.log(`sheet print: pages made and printed in ${String(ms)} ms`);
    assert.equal(log.calls, 1);
    const [snapshot] = log.snapshots;
    assert.ok(snapshot.images.length >= 2, `${String(snapshot.images.length)} pages`);
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

  it('prints from Ctrl+P too, the key kept from the browser', async () => {
    const session = await newSession(browser);
    const { page } = session;
    await open(page, 'stock.xlsx');
    await page.getByRole('gridcell', { name: 'Item 1', exact: true }).click();
    assert.deepEqual(await pressCtrlP(page), [true]);
    const log = await waitForPrinted(page);
    assert.equal(log.calls, 1);
    assert.ok(log.snapshots[0].images.length >= 2);
    await session.close();
  });

  it("prints a view-only reader's page images, never sending the PDF", async () => {
    const session = await newSession(browser);
    const { page } = session;
    const pdf = watchPdf(page);
    await open(page, 'stock.xlsx', ['print']);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
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
