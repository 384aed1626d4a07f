/**
 * One printed page (behaviour.md, "The facility's policy"): a canvas at the print resolution within the pixel budget, the
 * layers drawn onto it, then encoded as a compressed image blob; the canvas is released at once,
 * so a print job holds only blobs, never more than one canvas.
 */
import { DESKTOP_MAX_CANVAS_PIXELS, isPhoneLike, PHONE_MAX_CANVAS_PIXELS } from '../pdf/device';
import { CSS_PER_POINT } from '../pdf/layout';
import type { PrintLayer } from './layers';
import type { PrintSource } from './printable';
import { printRaster } from './resolution';

export interface PrintImage {
  blob: Blob;
  /** The page's size in PDF points, as printed (its own /Rotate applied). */
  widthPt: number;
  heightPt: number;
}

export interface RenderPageOptions {
  dpi: number;
  /** The canvas pixel budget; by default the device's (as for the pages on screen). */
  maxPixels?: number;
  layers: readonly PrintLayer[];
  /** The encoding, e.g. JPEG at 0.9 (PRINT_IMAGE in config/defaults.ts). */
  image: { type: string; quality: number };
  signal: AbortSignal;
}

function encode(canvas: HTMLCanvasElement, { type, quality }: RenderPageOptions['image']) {
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('the page could not be encoded'));
      },
      type,
      quality,
    );
  });
}

export async function renderPrintPage(
  source: PrintSource,
  pageNumber: number,
  options: RenderPageOptions,
): Promise<PrintImage> {
  const { signal } = options;
  signal.throwIfAborted();
  const page = await source.getPage(pageNumber);
  const natural = page.getViewport({ scale: 1 });
  const maxPixels =
    options.maxPixels ?? (isPhoneLike() ? PHONE_MAX_CANVAS_PIXELS : DESKTOP_MAX_CANVAS_PIXELS);
  const raster = printRaster(natural.width, natural.height, options.dpi, maxPixels);
  const viewport = page.getViewport({ scale: raster.scale });
  const canvas = document.createElement('canvas');
  canvas.width = raster.width;
  canvas.height = raster.height;
  try {
    const printPage = { pageNumber, page, viewport, cssRatio: raster.scale / CSS_PER_POINT };
    for (const layer of options.layers) {
      signal.throwIfAborted();
      await layer(canvas, printPage, signal);
    }
    signal.throwIfAborted();
    const blob = await encode(canvas, options.image);
    return { blob, widthPt: natural.width, heightPt: natural.height };
  } finally {
    canvas.width = 0;
    canvas.height = 0;
    // The print rendering's resources (decoded images above all) go now, not with the document.
    page.cleanup();
  }
}
