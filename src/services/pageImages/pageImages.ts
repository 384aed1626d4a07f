/**
 * A view-only document's pages (contracts §3 `viewOnly`; docs/decisions/2026-11-29-view-only-viewer.md):
 * images the server draws with the reader's watermark in their pixels, at the widths it offers.
 * Which one to ask for and how it is fetched; no DOM here.
 */
import type { PageSize } from '../../domain/document';
import { fetchPreviewImage } from '../pagePreview';
import { previewWidth } from '../pagePreviewUrl';
import { HttpError } from '../request';

/** What the document session shows in pdf.js's place for a view-only reader. */
export interface PageImages {
  /** Absolute URL template with `{page}` and `{width}`. */
  pages: string;
  /** Device pixels, ascending. */
  widths: readonly number[];
  /** Absolute URL template with `{page}`; undefined when the reader may not search. */
  text: string | undefined;
  /** Each page's size in PDF points as displayed (its own /Rotate applied). */
  sizes: readonly PageSize[];
}

export function pageImageUrl(images: PageImages, page: number, width: number): string {
  return images.pages.replaceAll('{page}', String(page)).replaceAll('{width}', String(width));
}

/**
 * Device pixels per CSS pixel asked for at most: a 3× phone's page at 3× costs twice the bytes of
 * 2× for text no reader tells apart (docs/decisions/2026-11-26-page-previews.md).
 */
export const MAX_PIXEL_RATIO = 2;

/** The offered width that draws `cssWidth` CSS pixels sharply on a `pixelRatio` screen. */
export function imageWidthFor(
  widths: readonly number[],
  cssWidth: number,
  pixelRatio: number,
): number {
  const ratio = Math.min(Math.max(pixelRatio, 1), MAX_PIXEL_RATIO);
  return previewWidth(widths, Math.ceil(cssWidth * ratio));
}

/** How often a page the server is still too busy to draw (503) is asked for again. */
export const BUSY_RETRIES = 4;
const BUSY_WAIT_MS = 1_000;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * The page image as an object URL (the facility's credentials go with the request, so an `<img
 * src>` of the URL itself would be refused). A busy server is asked again after a second.
 */
export async function loadPageImage(url: string, signal: AbortSignal): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchPreviewImage(url, signal);
    } catch (error) {
      const busy = error instanceof HttpError && error.status === 503;
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      await wait(BUSY_WAIT_MS * (attempt + 1), signal);
    }
  }
}
