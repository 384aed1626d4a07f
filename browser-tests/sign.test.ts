// Signatures (behaviour.md, "Signatures") on the paper with `showSignature` (under anti-copy and a watermark): a
// signature drawn with real mouse strokes lands where the reader clicks, moves, resizes (aspect
// kept), stays on the same page content through zoom, rotation and a reload; a finger-drawn one on
// a phone lands on a page while the page never scrolled; remove and clear; the signed copy read
// back with pdf-lib has the image where the hand-over says; the postMessage to the embedding
// page carries the same payload.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { launchChromium } from './support/chromium.ts';
import { chooseRadio, newSession, screenshot, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { pageBox, waitForPainted } from './support/pixels.ts';
import { drawnImages } from './support/pdfStamps.ts';
import { box, confirm, drawWithMouse, finishPayload, openPad, pad } from './support/signing.ts';
import type { Ui } from './support/signing.ts';

const DOC = '?doc=sign.pdf&lang=en';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SAMPLE = path.join(import.meta.dirname, '..', 'mock', 'documents', 'tracemonkey.pdf');

interface Fractions {
  left: number;
  top: number;
  width: number;
  height: number;
}

let browser: Browser;
/** Page 1's CropBox in points: [x, y, width, height]. */
let crop: { x: number; y: number; width: number; height: number };
before(async () => {
  browser = await launchChromium();
  const pdf = await PDFDocument.load(await readFile(SAMPLE));
  crop = pdf.getPage(0).getCropBox();
});
after(async () => {
  await browser.close();
});

async function open(session: ViewerSession, rest = DOC) {
  await session.page.goto(viewerUrl(rest));
  await waitForPainted(session.page, 1);
}

const signature = (page: Page, index: number, pageNumber = 1) =>
  page.locator(
    `[data-page-number="${String(pageNumber)}"] [data-signature-index="${String(index)}"]`,
  );
const allSignatures = (page: Page) => page.locator('[data-signature-index]');

/** The signature's box in fractions of page 1's painted area. */
async function fractions(page: Page, index = 0, pageNumber = 1): Promise<Fractions> {
  const s = await box(signature(page, index, pageNumber));
  const p = await pageBox(page, pageNumber);
  assert.ok(p);
  return {
    left: (s.x - p.x) / p.width,
    top: (s.y - p.y) / p.height,
    width: s.width / p.width,
    height: s.height / p.height,
  };
}

function assertClose(actual: Fractions, expected: Fractions, tolerance: number, what: string) {
  for (const key of ['left', 'top', 'width', 'height'] as const) {
    assert.ok(
      Math.abs(actual[key] - expected[key]) <= tolerance,
      `${what}: ${key} ${String(actual[key])} vs ${String(expected[key])}`,
    );
  }
}

/** Non-transparent pixels on the pad's canvas. */
function inkOnPad(ui: Ui, region?: { x: number; y: number; width: number; height: number }) {
  return ui.evaluate((r) => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.folio-sign-pad');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return -1;
    // `r` in fractions of the canvas.
    const [x, y, w, h] = r
      ? [r.x * canvas.width, r.y * canvas.height, r.width * canvas.width, r.height * canvas.height]
      : [0, 0, canvas.width, canvas.height];
    const { data } = context.getImageData(x, y, Math.max(1, w), Math.max(1, h));
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) ink += 1;
    return ink;
  }, region);
}

describe('signatures (behaviour.md, "Signatures")', () => {
  it('absent unless showSignature', async () => {
    const session = await newSession(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await open(session, '?doc=tracemonkey.pdf&lang=en');
      assert.equal(await session.page.getByRole('button', { name: 'Sign' }).count(), 0);
    } finally {
      await session.close();
    }
  });

  it('mouse: drawn, placed at the click, moved, resized, kept through zoom, rotation and reload; handed over and stamped', async () => {
    const session = await newSession(browser, {
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const { page } = session;
    try {
      await open(session);
      await openPad(page);
      assert.equal(await inkOnPad(page), 0);
      assert.equal(await page.getByRole('button', { name: 'Confirm' }).isDisabled(), true);
      await drawWithMouse(page);
      const ink = await inkOnPad(page);
      assert.ok(ink > 500, `the strokes left ink (${String(ink)} px)`);
      // Undo takes the last stroke only; Clear takes everything.
      await page.getByRole('button', { name: 'Undo' }).click();
      const afterUndo = await inkOnPad(page);
      assert.ok(afterUndo > 0 && afterUndo < ink, `undo: ${String(afterUndo)} of ${String(ink)}`);
      await page.getByRole('button', { name: 'Clear' }).click();
      assert.equal(await inkOnPad(page), 0);
      await drawWithMouse(page);
      await screenshot(page, 'sign-pad');
      await confirm(page);

      // Placed where the reader clicks on page 1.
      const p = await pageBox(page, 1);
      assert.ok(p);
      const click = { x: p.x + p.width * 0.6, y: p.y + p.height * 0.55 };
      await page.mouse.click(click.x, click.y);
      const placed = signature(page, 0);
      await placed.waitFor();
      const s = await box(placed);
      assert.ok(Math.abs(s.x + s.width / 2 - click.x) < 3, 'centred on the click (x)');
      assert.ok(Math.abs(s.y + s.height / 2 - click.y) < 3, 'centred on the click (y)');
      assert.equal(await page.evaluate(() => document.querySelector('.folio-placing')), null);
      await screenshot(page, 'sign-placed');

      // Moved by dragging.
      await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
      await page.mouse.down();
      await page.mouse.move(s.x + s.width / 2 - 80, s.y + s.height / 2 + 50, { steps: 8 });
      await page.mouse.up();
      const m = await box(placed);
      assert.ok(
        Math.abs(m.x - (s.x - 80)) < 2 && Math.abs(m.y - (s.y + 50)) < 2,
        'moved by the drag',
      );

      // Resized by its handle, the aspect kept.
      await placed.hover();
      const handle = await box(placed.locator('.folio-signature-resize'));
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + handle.height / 2 + 5, {
        steps: 8,
      });
      await page.mouse.up();
      const r = await box(placed);
      assert.ok(Math.abs(r.width - (m.width + 60)) < 2, `wider by 60 px (${String(r.width)})`);
      assert.ok(
        Math.abs(r.width / r.height - m.width / m.height) < 0.02 * (m.width / m.height),
        'aspect kept',
      );

      // Zoom and rotation: the same place on the page.
      const before = await fractions(page);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForFunction(() => document.querySelector('.folio-viewer') !== null);
      await page.waitForTimeout(300);
      await waitForPainted(page, 1);
      assertClose(await fractions(page), before, 0.004, 'after zoom');

      await page.getByRole('button', { name: 'Rotate clockwise' }).click();
      await page.waitForTimeout(300);
      await waitForPainted(page, 1);
      // Turned clockwise: the page's left edge is now its top, its bottom its left.
      assertClose(
        await fractions(page),
        {
          left: 1 - before.top - before.height,
          top: before.left,
          width: before.height,
          height: before.width,
        },
        0.004,
        'after rotation',
      );
      await screenshot(page, 'sign-rotated');
      await page.getByRole('button', { name: 'Rotate counterclockwise' }).click();
      await page.waitForTimeout(300);
      assertClose(await fractions(page), before, 0.004, 'rotated back');

      // A reload keeps it.
      await page.reload();
      await waitForPainted(page, 1);
      await placed.waitFor();
      assertClose(await fractions(page), before, 0.004, 'after reload');

      // Finish hands over the box in PDF points (lower-left origin, y up).
      const payload = await finishPayload(page);
      assert.equal(payload.docId, 'sign.pdf');
      assert.match(payload.image, /^data:image\/png;base64,/);
      assert.equal(payload.placements.length, 1);
      const [placement] = payload.placements;
      assert.ok(placement);
      assert.equal(placement.page, 1);
      const expected = {
        x: crop.x + before.left * crop.width,
        y: crop.y + (1 - before.top - before.height) * crop.height,
        width: before.width * crop.width,
        height: before.height * crop.height,
      };
      for (const key of ['x', 'y', 'width', 'height'] as const)
        assert.ok(
          Math.abs(placement[key] - expected[key]) < 2,
          `payload ${key}: ${String(placement[key])} vs ${String(expected[key])}`,
        );

      // The signed copy has the image on page 1 at that box.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download signed copy' }).click();
      const download = await downloading;
      assert.equal(download.suggestedFilename(), 'Contract_ signed_-signed.pdf');
      const file = await download.path();
      const all = await drawnImages(new Uint8Array(await readFile(file)));
      // The watermark covers every page's CropBox, as on screen (docs/embedding.md); the
      // signature is the one other image.
      const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
      const isMark = (d: (typeof all)[number]) =>
        near(d.x, crop.x) && near(d.y, crop.y) && near(d.width, crop.width);
      assert.equal(all.filter(isMark).length, 14, 'the watermark on each of the 14 pages');
      const drawn = all.filter((d) => !isMark(d));
      assert.equal(drawn.length, 1);
      const [image] = drawn;
      assert.ok(image);
      assert.equal(image.page, 1);
      for (const key of ['x', 'y', 'width', 'height'] as const)
        assert.ok(
          Math.abs(image[key] - placement[key]) < 2,
          `stamp ${key}: ${String(image[key])} vs ${String(placement[key])}`,
        );

      // Remove: the × on the signature; clear: every signature, kept nowhere.
      await openPad(page);
      await drawWithMouse(page);
      await confirm(page);
      await page.getByRole('button', { name: 'Place on current page' }).click();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-signature-index]').length === 2,
      );
      await allSignatures(page).first().hover();
      await allSignatures(page).first().getByRole('button', { name: 'Remove signature' }).click();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-signature-index]').length === 1,
      );
      await page.getByRole('button', { name: 'Clear signatures' }).click();
      await page.getByRole('button', { name: 'Clear signatures' }).last().click();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-signature-index]').length === 0,
      );
      await page.reload();
      await waitForPainted(page, 1);
      await page.waitForTimeout(500);
      assert.equal(await allSignatures(page).count(), 0, 'cleared signatures stay cleared');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it('finger: the full-screen pad draws without scrolling the page, a second finger does not draw, a tap places it', async () => {
    const session = await newSession(browser, PHONE);
    const { page } = session;
    try {
      await open(session);
      const scroll = () =>
        page.evaluate(() => [
          document.querySelector('.folio-pdf-container')?.scrollTop ?? -1,
          window.scrollY,
          window.visualViewport?.scale ?? 1,
        ]);
      await openPad(page);
      const dialog = await box(page.locator('.folio-sign-modal--full .ant-modal-container'));
      assert.ok(dialog.width >= 389 && dialog.height >= 800, 'the pad fills the screen');
      const before = await scroll();

      const cdp = await session.context.newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: points.map(([x, y], id) => ({ x, y, id })),
        });
      const b = await box(pad(page));
      const at = (fx: number, fy: number): [number, number] => [
        b.x + b.width * fx,
        b.y + b.height * fy,
      ];
      await touch('touchStart', [at(0.1, 0.5)]);
      for (let i = 1; i <= 24; i += 1)
        await touch('touchMove', [at(0.1 + (0.8 * i) / 24, 0.5 - 0.2 * Math.sin(i / 2.5))]);
      await touch('touchEnd', []);
      const ink = await inkOnPad(page);
      assert.ok(ink > 300, `the finger left ink (${String(ink)} px)`);

      // A second finger: the first rests at the left, the second sweeps the bottom right.
      const bottomRight = { x: 0.55, y: 0.78, width: 0.45, height: 0.22 };
      assert.equal(await inkOnPad(page, bottomRight), 0);
      await touch('touchStart', [at(0.05, 0.1)]);
      await touch('touchStart', [at(0.05, 0.1), at(0.6, 0.9)]);
      for (let i = 1; i <= 10; i += 1)
        await touch('touchMove', [at(0.05, 0.1), at(0.6 + 0.035 * i, 0.9)]);
      await touch('touchEnd', [at(0.05, 0.1)]);
      await touch('touchEnd', []);
      assert.equal(await inkOnPad(page, bottomRight), 0, 'the second finger drew nothing');
      assert.deepEqual(await scroll(), before, 'the page did not scroll or zoom while drawing');
      await screenshot(page, 'sign-pad-phone');

      await confirm(page);
      const p = await pageBox(page, 1);
      assert.ok(p);
      // The page is wider than the phone at 100 %: a point on it that is in view.
      const tap = { x: Math.max(p.x, 0) + 150, y: Math.max(p.y, 0) + 300 };
      await page.touchscreen.tap(tap.x, tap.y);
      const placed = signature(page, 0);
      await placed.waitFor();
      const s = await box(placed);
      assert.ok(Math.abs(s.x + s.width / 2 - tap.x) < 3, 'centred on the tap (x)');
      assert.ok(Math.abs(s.y + s.height / 2 - tap.y) < 3, 'centred on the tap (y)');
      await screenshot(page, 'sign-placed-phone');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it('finger: after a long stroke the first tap on Confirm confirms, and on Cancel cancels', async () => {
    const session = await newSession(browser, PHONE);
    const { page } = session;
    try {
      await open(session);
      const cdp = await session.context.newCDPSession(page);
      /** 30 touch moves sweeping the pad, up and down over 60 % of its height, then the lift. */
      const longStroke = async () => {
        const b = await box(pad(page));
        const at = (fx: number, fy: number) => ({
          x: b.x + b.width * fx,
          y: b.y + b.height * fy,
          id: 0,
        });
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchStart',
          touchPoints: [at(0.1, 0.2)],
        });
        for (let i = 1; i <= 30; i += 1) {
          const fy = i % 2 === 0 ? 0.2 : 0.8;
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: [at(0.1 + (0.8 * i) / 30, fy)],
          });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        assert.ok((await inkOnPad(page)) > 300, 'the stroke left ink');
        await page.waitForTimeout(1500);
      };
      const hint = page.getByText('Click or tap on a page to place your signature. Esc cancels.');

      await openPad(page);
      await longStroke();
      await page.getByRole('button', { name: 'Confirm' }).tap();
      await hint.waitFor({ timeout: 3000 });
      await page.locator('.folio-sign-modal .ant-modal-wrap').waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await hint.waitFor({ state: 'hidden' });

      await openPad(page);
      await longStroke();
      await page.getByRole('button', { name: 'Cancel' }).tap();
      await page
        .locator('.folio-sign-modal .ant-modal-wrap')
        .waitFor({ state: 'hidden', timeout: 3000 });
      assert.equal(await hint.count(), 0, 'Cancel does not start placing');
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it('embedded: Finish posts the payload to the embedding page, at the configured origin', async () => {
    const session = await newSession(browser, { viewport: { width: 1280, height: 900 } });
    const { page, context } = session;
    try {
      // The settings block's `window.signTargetOrigin = 'self'` in the framed Folio; the host
      // page records what it receives.
      await context.addInitScript(() => {
        const win = window as Window & { signTargetOrigin?: string; received?: unknown[] };
        if (win.parent !== win) win.signTargetOrigin = 'self';
        else {
          win.received = [];
          win.addEventListener('message', (event) => {
            win.received?.push({ origin: event.origin, data: event.data as unknown });
          });
        }
      });
      const hostUrl = viewerUrl('sign-host.html');
      await page.route(hostUrl, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>host</title><iframe id="folio" src="${viewerUrl(DOC)}" style="width:1200px;height:850px;border:0"></iframe>`,
        }),
      );
      await page.goto(hostUrl);
      const frame = page.frame({ url: /doc=sign\.pdf/ });
      assert.ok(frame, 'Folio is framed');
      await frame.locator('[data-page-number="1"] canvas').first().waitFor();
      await openPad(frame);
      await drawWithMouse(frame);
      await confirm(frame);
      await frame.getByRole('button', { name: 'Place on current page' }).click();
      await frame.locator('[data-signature-index="0"]').waitFor();
      const payload = await finishPayload(frame);
      // The host hears the document's other events too (docs/embedding.md); the signatures once.
      type Received = { origin: string; data: { type?: string } }[];
      const signed = () =>
        page.evaluate(() =>
          ((window as Window & { received?: Received }).received ?? []).filter(
            (message) => message.data.type === 'folio:signed',
          ),
        );
      await page.waitForFunction(() =>
        ((window as Window & { received?: Received }).received ?? []).some(
          (message) => message.data.type === 'folio:signed',
        ),
      );
      assert.deepEqual(await signed(), [
        { origin: new URL(hostUrl).origin, data: { type: 'folio:signed', ...payload } },
      ]);
      assert.equal(payload.placements[0]?.page, 1);
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });

  it('print: the signature is on the printed page, at its place', async () => {
    const session = await newSession(browser, { viewport: { width: 1280, height: 900 } });
    const { page } = session;
    try {
      // window.print records, for each printed image, the signature's ink (its dark blue) in a
      // 10 × 10 grid of cells, then ends the job as a browser does after its dialog.
      await page.addInitScript(() => {
        const win = window as Window & { inkGrids?: number[][] };
        win.print = () => {
          win.inkGrids = Array.from(
            document.querySelectorAll('.folio-print-container img'),
            (img) => {
              const image = img as HTMLImageElement;
              const canvas = document.createElement('canvas');
              canvas.width = image.naturalWidth;
              canvas.height = image.naturalHeight;
              const context = canvas.getContext('2d', { willReadFrequently: true });
              const grid = new Array<number>(100).fill(0);
              if (!context) return grid;
              context.drawImage(image, 0, 0);
              const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
              for (let i = 0; i < data.length; i += 4) {
                const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
                if (b > r + 40 && b > g + 30 && r < 140) {
                  const pixel = i / 4;
                  const cx = Math.floor(((pixel % canvas.width) / canvas.width) * 10);
                  const cy = Math.floor((Math.floor(pixel / canvas.width) / canvas.height) * 10);
                  grid[cy * 10 + cx] = (grid[cy * 10 + cx] ?? 0) + 1;
                }
              }
              return grid;
            },
          );
          setTimeout(() => {
            window.dispatchEvent(new Event('afterprint'));
          }, 50);
        };
      });
      await open(session);
      await openPad(page);
      await drawWithMouse(page);
      await confirm(page);
      await page.getByRole('button', { name: 'Place on current page' }).click();
      await signature(page, 0).waitFor();
      const f = await fractions(page);

      await page.getByRole('button', { name: 'Print', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Print' });
      await chooseRadio(dialog.getByRole('radio', { name: /^Current page/ }));
      await dialog.getByRole('button', { name: 'Print', exact: true }).click();
      await page.waitForFunction(() => (window as Window & { inkGrids?: unknown }).inkGrids, null, {
        timeout: 60_000,
      });
      const grids = await page.evaluate(
        () => (window as Window & { inkGrids?: number[][] }).inkGrids,
      );
      assert.ok(grids);
      assert.equal(grids.length, 1);
      const [grid] = grids;
      const inside = (cell: number) => {
        const [cx, cy] = [(cell % 10) / 10, Math.floor(cell / 10) / 10];
        return (
          cx + 0.1 > f.left && cx < f.left + f.width && cy + 0.1 > f.top && cy < f.top + f.height
        );
      };
      const ink = (pick: (cell: number) => boolean) =>
        grid.reduce((sum, n, cell) => (pick(cell) ? sum + n : sum), 0);
      assert.ok(
        ink(inside) > 200,
        `the signature's ink is printed in its box (${String(ink(inside))})`,
      );
      assert.equal(
        ink((cell) => !inside(cell)),
        0,
        'and nowhere else',
      );
      assert.deepEqual(session.problems, []);
    } finally {
      await session.close();
    }
  });
});
