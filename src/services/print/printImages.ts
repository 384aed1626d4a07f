/**
 * Hands the rendered pages to the browser's print (behaviour.md, "The facility's policy"): one `<img>` per page in a container
 * that only print media shows (Print.css), each on its own sheet at the page's size; then
 * `window.print()` once, and everything removed again after printing — on `afterprint`, or after
 * `fallbackMs` in a browser that never sends it, or at once when `signal` aborts.
 */
import type { PrintImage } from './renderPage';

/** The container's class and the `<html>` attribute that Print.css keys on. */
export const PRINT_CONTAINER_CLASS = 'folio-print-container';
export const PRINTING_ATTRIBUTE = 'data-folio-printing';

export interface PrintImagesOptions {
  signal: AbortSignal;
  fallbackMs: number;
  win?: Window;
}

function loaded(img: HTMLImageElement, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    img.addEventListener('load', () => {
      resolve();
    });
    img.addEventListener('error', () => {
      reject(new Error('a printed page could not be loaded'));
    });
    signal.addEventListener('abort', () => {
      reject(signal.reason as Error);
    });
  });
}

/** The `@page` name for a page size: one named page per size, so mixed sizes print as they are. */
const pageName = ({ widthPt, heightPt }: PrintImage) =>
  `folio-${String(Math.round(widthPt * 100))}x${String(Math.round(heightPt * 100))}`;

/**
 * `@page` rules with no margin: the first page's size for the sheet (as pdf.js prints), and a
 * named page for each size, where the browser can. A constructed sheet, not a <style> element:
 * the Content-Security-Policy allows no inline style.
 */
function pageSizeSheet(doc: Document, images: readonly PrintImage[]): CSSStyleSheet | undefined {
  if (
    images.length === 0 ||
    typeof CSSStyleSheet === 'undefined' ||
    !('adoptedStyleSheets' in doc)
  ) {
    return undefined;
  }
  const size = ({ widthPt, heightPt }: PrintImage) =>
    `size: ${String(widthPt)}pt ${String(heightPt)}pt; margin: 0;`;
  const rules = new Map([['', `@page { ${size(images[0])} }`]]);
  images.forEach((image) => {
    rules.set(pageName(image), `@page ${pageName(image)} { ${size(image)} }`);
  });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync([...rules.values()].join('\n'));
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  return sheet;
}

export async function printImages(
  images: readonly PrintImage[],
  { signal, fallbackMs, win = window }: PrintImagesOptions,
): Promise<void> {
  const doc = win.document;
  const urls: string[] = [];
  const container = doc.createElement('div');
  container.className = PRINT_CONTAINER_CLASS;
  container.setAttribute('aria-hidden', 'true');
  const sheet = pageSizeSheet(doc, images);
  const cleanup = () => {
    container.remove();
    urls.forEach((url) => {
      URL.revokeObjectURL(url);
    });
    doc.documentElement.removeAttribute(PRINTING_ATTRIBUTE);
    if (sheet) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
  };
  try {
    signal.throwIfAborted();
    const loading = images.map((image) => {
      const { blob, widthPt, heightPt } = image;
      const img = doc.createElement('img');
      const url = URL.createObjectURL(blob);
      urls.push(url);
      img.alt = '';
      img.style.width = `${String(widthPt)}pt`;
      img.style.height = `${String(heightPt)}pt`;
      img.style.setProperty('page', pageName(image));
      img.src = url;
      container.append(img);
      return loaded(img, signal);
    });
    doc.body.append(container);
    await Promise.all(loading);
    signal.throwIfAborted();
    doc.documentElement.setAttribute(PRINTING_ATTRIBUTE, '');
    await new Promise<void>((resolve) => {
      const done = () => {
        win.removeEventListener('afterprint', done);
        signal.removeEventListener('abort', done);
        win.clearTimeout(timer);
        resolve();
      };
      // Listening before print(): where print() blocks, afterprint comes before it returns.
      win.addEventListener('afterprint', done);
      signal.addEventListener('abort', done);
      const timer = win.setTimeout(done, fallbackMs);
      win.print();
    });
  } finally {
    cleanup();
  }
}
