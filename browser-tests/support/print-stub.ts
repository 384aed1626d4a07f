// window.print stubbed before the app loads (page.addInitScript(stubPrint)): it records what the
// print job handed to it — each image's size, its watermark-blue and comment-red pixels — then
// sends afterprint as a browser does after its dialog. Used by the print tests of every view.
import type { Page } from 'playwright-core';

/** What the stubbed window.print saw of the print job at the moment it was called. */
export interface PrintedImage {
  width: number;
  height: number;
  /** Pixels of the watermark's blue (blue well above red and green), of `total`. */
  blue: number;
  /** Pure red pixels: a comment's (commentedPdf.ts). */
  red: number;
  /** Near-black pixels: text drawn on the page. */
  dark: number;
  total: number;
  src: string;
}
export interface Snapshot {
  printingAttribute: boolean;
  rootDisplay: string;
  containerDisplay: string | null;
  images: PrintedImage[];
}
export interface PrintLog {
  calls: number;
  snapshots: Snapshot[];
}

/** Replaces window.print before the app loads: counts calls and records the job's images. */
export function stubPrint(): void {
  const log: PrintLog = { calls: 0, snapshots: [] };
  Object.assign(window, { __print: log });
  window.print = () => {
    log.calls += 1;
    const container = document.querySelector('.folio-print-container');
    const root = document.getElementById('root');
    const images = Array.from(container?.querySelectorAll('img') ?? [], (img) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      let blue = 0;
      let red = 0;
      let dark = 0;
      if (context) {
        context.drawImage(img, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 2] - Math.max(data[i], data[i + 1]) > 80) blue += 1;
          if (data[i] > 200 && data[i + 1] < 80 && data[i + 2] < 80) red += 1;
          if (data[i] < 90 && data[i + 1] < 90 && data[i + 2] < 90) dark += 1;
        }
      }
      return {
        width: img.naturalWidth,
        height: img.naturalHeight,
        blue,
        red,
        dark,
        total: canvas.width * canvas.height,
        src: img.src,
      };
    });
    log.snapshots.push({
      printingAttribute: document.documentElement.hasAttribute('data-folio-printing'),
      rootDisplay: root ? getComputedStyle(root).display : 'missing',
      containerDisplay: container ? getComputedStyle(container).display : null,
      images,
    });
    // A test that sets __holdPrint sends afterprint itself, once it has looked at the job.
    if (!(window as unknown as { __holdPrint?: boolean }).__holdPrint) {
      setTimeout(() => {
        window.dispatchEvent(new Event('afterprint'));
      }, 50);
    }
  };
}

export function printLog(page: Page): Promise<PrintLog> {
  return page.evaluate(() => (window as unknown as { __print: PrintLog }).__print);
}

/** Waits until the job is over: printed once and cleaned up (no container left). */
export async function waitForPrinted(page: Page, calls = 1): Promise<PrintLog> {
  await page.waitForFunction(
    (n) =>
      (window as unknown as { __print: PrintLog }).__print.calls >= n &&
      document.querySelector('.folio-print-container') === null,
    calls,
    { timeout: 60_000 },
  );
  return printLog(page);
}

/**
 * Presses Ctrl+P and returns, for each `p` keydown that reached a window listener added now
 * (after the app's own, on the capture phase), whether it was already defaultPrevented.
 */
export async function pressCtrlP(page: Page): Promise<boolean[]> {
  await page.evaluate(() => {
    const seen: boolean[] = [];
    Object.assign(window, { __prevented: seen });
    window.addEventListener('keydown', (event) => {
      if (event.key === 'p') seen.push(event.defaultPrevented);
    });
  });
  await page.keyboard.press('Control+p');
  return page.evaluate(() => (window as unknown as { __prevented: boolean[] }).__prevented);
}
