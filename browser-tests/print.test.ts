// Print (behaviour.md, "The facility's policy") on real documents: the Print control and its dialog, the pages drawn by pdf.js
// into images with the watermark burned in, one window.print() (stubbed: it records what would be
// printed, then sends afterprint as a browser does after its dialog), Cancel, Ctrl+P, and print
// media when printing is off.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { newSession, OUT_DIR, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { waitForPainted } from './support/pixels.ts';
import { PRINT_PAGE_SIZES } from './support/docs.ts';
import { pressCtrlP, printLog, stubPrint, waitForPrinted } from './support/print-stub.ts';
import type { PrintedImage, PrintLog } from './support/print-stub.ts';
import { liesUnder } from './support/layout.ts';

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

async function open(doc: string, options: BrowserContextOptions = {}): Promise<ViewerSession> {
  const session = await newSession(browser, options);
  await session.page.addInitScript(stubPrint);
  await session.page.goto(viewerUrl(`?doc=${doc}&lang=en`));
  await waitForPainted(session.page, 1);
  return session;
}

const control = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Print' });

/** Opens the dialog from the toolbar, picks `choice` (a radio's label start), prints. */
async function printFromDialog(page: Page, choice: RegExp, range?: string): Promise<void> {
  // A dialog closing from the last job still has its own Print button for a moment.
  await dialog(page).waitFor({ state: 'hidden' });
  await control(page, 'Print').click();
  await dialog(page).waitFor();
  if (range === undefined) await dialog(page).getByRole('radio', { name: choice }).check();
  else await dialog(page).getByRole('textbox', { name: 'Page range' }).fill(range);
  await dialog(page).getByRole('button', { name: 'Print', exact: true }).click();
}

function assertPageShapes(images: PrintedImage[], pages: number[]): void {
  assert.equal(images.length, pages.length);
  images.forEach((image, i) => {
    const [width, height] = PRINT_PAGE_SIZES[pages[i] - 1];
    const ratio = image.width / image.height;
    assert.ok(
      Math.abs(ratio - width / height) < 0.01,
      `page ${String(pages[i])}: ${String(image.width)}×${String(image.height)} is not ${String(width)}:${String(height)}`,
    );
    // 150 dpi: 150 / 72 pixels per point.
    assert.ok(Math.abs(image.width - (width * 150) / 72) <= 1, `width ${String(image.width)}`);
  });
}

async function blobUrlAlive(page: Page, url: string): Promise<boolean> {
  // As an image, as the job used it (the Content-Security-Policy allows blob: images only).
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => {
          resolve(true);
        };
        img.onerror = () => {
          resolve(false);
        };
        img.src = src;
      }),
    url,
  );
}

describe('print', () => {
  it('prints a range (2-4): three page images of the right shapes, watermarked, one print call', async () => {
    const session = await open('print.pdf');
    const { page } = session;
    await printFromDialog(page, /Pages/, '2-4');
    const log = await waitForPrinted(page);
    assert.equal(log.calls, 1);
    const [snapshot] = log.snapshots;
    assertPageShapes(snapshot.images, [2, 3, 4]);
    assert.equal(snapshot.printingAttribute, true);
    for (const image of snapshot.images) {
      // The watermark's blue covers a good share of every page image.
      assert.ok(
        image.blue / image.total > 0.01,
        `blue ${String(image.blue)} of ${String(image.total)}`,
      );
    }
    // Cleaned up after afterprint: no container, the dialog closed, the blob URLs revoked.
    await dialog(page).waitFor({ state: 'hidden' });
    assert.equal(await page.locator('html[data-folio-printing]').count(), 0);
    // (Loading the revoked URL logs a console error, so the session's problems are read first.)
    assert.deepEqual(session.problems, []);
    assert.equal(await blobUrlAlive(page, snapshot.images[0].src), false);
    const live = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      const blob = await new Promise<Blob | null>((resolve) => {
        canvas.toBlob(resolve);
      });
      return blob ? URL.createObjectURL(blob) : '';
    });
    assert.equal(await blobUrlAlive(page, live), true, 'a live blob URL loads (the check works)');
    assert.equal((await printLog(page)).calls, 1);
    await session.close();
  });

  it('a page without a watermark has none of its blue', async () => {
    const session = await open('print-plain.pdf');
    const { page } = session;
    await printFromDialog(page, /Pages/, '1');
    const [snapshot] = (await waitForPrinted(page)).snapshots;
    assertPageShapes(snapshot.images, [1]);
    assert.ok(snapshot.images[0].blue / snapshot.images[0].total < 0.0001);
    await session.close();
  });

  it("prints a page's comments, and none when the policy hides them (showComment)", async () => {
    const printed = async (doc: string) => {
      const session = await open(doc);
      await printFromDialog(session.page, /Pages/, '1');
      const [snapshot] = (await waitForPrinted(session.page)).snapshots;
      assert.equal(snapshot.images.length, 1);
      assert.deepEqual(session.problems, []);
      await session.close();
      return snapshot.images[0];
    };
    // The 150 × 100 pt square at 150 dpi: about 312 × 208 px.
    const shown = await printed('comments.pdf');
    assert.ok(shown.red > 50_000, `red ${String(shown.red)}`);
    const hidden = await printed('comments-hidden.pdf');
    assert.equal(hidden.red, 0);
  });

  it('prints all pages, and the current page', async () => {
    const session = await open('print.pdf');
    const { page } = session;
    await printFromDialog(page, /^All pages/);
    let log = await waitForPrinted(page);
    assertPageShapes(log.snapshots[0].images, [1, 2, 3, 4, 5]);
    // While the job printed, only its container was on paper (print media rules applied to it
    // are checked with emulated media below); on screen the container is never shown.
    assert.equal(log.snapshots[0].containerDisplay, 'none');

    await control(page, 'Next page').click();
    await control(page, 'Next page').click();
    await page.waitForFunction(() => window.location.hash.includes('page=3'));
    await printFromDialog(page, /^Current page \(3\)/);
    log = await waitForPrinted(page, 2);
    assert.equal(log.calls, 2);
    assertPageShapes(log.snapshots[1].images, [3]);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('during the job print media shows only the page images', async () => {
    const session = await open('print.pdf');
    const { page } = session;
    // The toolbar is not in print media: open the dialog first (it is outside the viewer).
    await control(page, 'Print').click();
    await dialog(page).getByRole('textbox', { name: 'Page range' }).fill('5');
    await page.emulateMedia({ media: 'print' });
    await dialog(page).getByRole('button', { name: 'Print', exact: true }).click();
    const [snapshot] = (await waitForPrinted(page)).snapshots;
    assert.equal(snapshot.containerDisplay, 'block');
    assert.equal(snapshot.rootDisplay, 'none');
    assertPageShapes(snapshot.images, [5]);
    await session.close();
  });

  it("Chromium's own print of the job: one sheet per page image, each at its page's size", async () => {
    const session = await open('print.pdf');
    const { page } = session;
    await page.evaluate(() => {
      Object.assign(window, { __holdPrint: true });
    });
    await printFromDialog(page, /Pages/, '1-3');
    await page.waitForFunction(
      () => (window as unknown as { __print: PrintLog }).__print.calls === 1,
    );
    const pdf = await page.pdf({ preferCSSPageSize: true });
    writeFileSync(path.join(OUT_DIR, 'print-output.pdf'), pdf);
    const printed = await PDFDocument.load(pdf);
    assert.equal(printed.getPageCount(), 3);
    // Each sheet has its page's size (named @page rules): A4 portrait, A4 landscape, square.
    const sizes = printed.getPages().map((p) => {
      const { width, height } = p.getSize();
      return [Math.round(width), Math.round(height)];
    });
    assert.deepEqual(sizes, PRINT_PAGE_SIZES.slice(0, 3));
    await page.evaluate(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    await page.waitForFunction(() => document.querySelector('.folio-print-container') === null);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('rejects bad ranges with a clear message and Print disabled', async () => {
    const session = await open('print.pdf');
    const { page } = session;
    await control(page, 'Print').click();
    const box = dialog(page).getByRole('textbox', { name: 'Page range' });
    const ok = dialog(page).getByRole('button', { name: 'Print', exact: true });
    for (const [range, message] of [
      ['3-1', '“3-1” runs backwards: write the first page first.'],
      ['0', 'Pages are numbered from 1.'],
      ['2-9', 'Page 9 is past the end: this document has 5 pages.'],
      ['two', '“two” is not a page or a range of pages (e.g. 1-3, 5).'],
    ]) {
      await box.fill(range);
      assert.equal(await dialog(page).getByRole('alert').textContent(), message);
      assert.equal(await ok.isDisabled(), true);
    }
    // The reason is a line of its own under the choice, not run on after it.
    assert.ok(await liesUnder(box, dialog(page).getByRole('alert')));
    await screenshot(page, 'print-range-error');
    await box.fill('1, 3-4');
    assert.equal(await dialog(page).getByRole('alert').count(), 0);
    assert.equal(await ok.isDisabled(), false);
    assert.equal((await printLog(page)).calls, 0);
    await session.close();
  });

  it('Cancel mid-way stops drawing: no container, no print call', async () => {
    const session = await open('text-1000.pdf');
    const { page } = session;
    await printFromDialog(page, /^All pages/);
    await page.waitForFunction(
      () => {
        const text = document.querySelector('.ant-modal [role="status"]')?.textContent ?? '';
        const match = /(\d+) \/ 1000$/.exec(text.trim());
        return match !== null && Number(match[1]) >= 3;
      },
      undefined,
      { timeout: 60_000 },
    );
    await screenshot(page, 'print-progress');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await page.waitForTimeout(1500);
    assert.equal(await page.locator('.folio-print-container').count(), 0);
    assert.equal(await page.locator('html[data-folio-printing]').count(), 0);
    assert.equal((await printLog(page)).calls, 0);
    // The progress does not go on behind the closed dialog: a new job starts from 0.
    await control(page, 'Print').click();
    assert.equal(await dialog(page).getByRole('status').count(), 0);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('on a phone, Print in the mobile menu opens the dialog and prints', async () => {
    const session = await open('print.pdf', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const { page } = session;
    await control(page, 'Menu').click();
    await printFromDialog(page, /Pages/, '2');
    await screenshot(page, 'print-phone-dialog');
    const [snapshot] = (await waitForPrinted(page)).snapshots;
    assertPageShapes(snapshot.images, [2]);
    assert.deepEqual(session.problems, []);
    await session.close();
  });

  it('Ctrl+P opens the dialog instead of the browser print', async () => {
    const session = await open('print.pdf');
    const { page } = session;
    assert.deepEqual(await pressCtrlP(page), [true]);
    await dialog(page).waitFor();
    assert.equal((await printLog(page)).calls, 0);
    await session.close();
  });
});

describe('print off', () => {
  for (const doc of ['print-off.pdf', 'print-wrong-type.pdf']) {
    it(`${doc}: no Print control, Ctrl+P does nothing`, async () => {
      const session = await open(doc);
      const { page } = session;
      assert.equal(await control(page, 'Print').count(), 0);
      assert.deepEqual(await pressCtrlP(page), [true]);
      await page.waitForTimeout(300);
      assert.equal(await dialog(page).count(), 0);
      assert.equal((await printLog(page)).calls, 0);
      assert.deepEqual(session.problems, []);
      await session.close();
    });
  }

  it('print media hides the pages and says printing is not allowed', async () => {
    const session = await open('print-off.pdf');
    const { page } = session;
    const pageOne = page.locator('[data-page-number="1"]');
    assert.equal(await pageOne.isVisible(), true);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await pageOne.isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Zoom in' }).isVisible(), false);
    const notice = page.getByText('Printing is not allowed for this document.');
    assert.equal(await notice.isVisible(), true);
    await screenshot(page, 'print-off-media');
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await pageOne.isVisible(), true);
    assert.equal(await notice.isVisible(), false);
    await session.close();
  });

  it('with print on, the browser menu still prints no page (only our job does)', async () => {
    const session = await open('print.pdf');
    const { page } = session;
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('[data-page-number="1"]').isVisible(), false);
    assert.equal(
      await page
        .getByText('To print this document, use the Print button in the viewer.')
        .isVisible(),
      true,
    );
    await session.close();
  });
});
