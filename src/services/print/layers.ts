/**
 * A printed page is composed of layers drawn one after another onto the page's canvas: the page
 * itself (pdf.js), then the watermark, then whatever a later feature adds (signatures, issue 6).
 * A layer is a function of the canvas and the page; `printLayers` lists them from the model's
 * decorations, so adding one is a field in `PrintDecorations` and a line in `printLayers`.
 */
import type { WatermarkInfo } from '../../models/doc/state';
import type { PDFPageProxy } from '../pdf/pdfjs';
import { drawWatermark } from './watermark';

/** pdf.js's page viewport (its type is not exported by name from the package's main entry). */
export type PrintViewport = ReturnType<PDFPageProxy['getViewport']>;

/** The page being printed, as every layer sees it. */
export interface PrintPage {
  pageNumber: number;
  page: PDFPageProxy;
  /** The page at the print scale (its own /Rotate applied): PDF points to canvas pixels. */
  viewport: PrintViewport;
  /** Canvas pixels per CSS pixel of the page at 100 % zoom (pdf.js: 96 CSS px per 72 pt). */
  cssRatio: number;
}

/** Draws onto the page's canvas; stops early (throws) when `signal` aborts. */
export type PrintLayer = (
  canvas: HTMLCanvasElement,
  page: PrintPage,
  signal: AbortSignal,
) => void | Promise<void>;

/** The page itself, rendered by pdf.js for print (print annotations, no forms, no scripting). */
export const pageLayer: PrintLayer = async (canvas, { page, viewport }, signal) => {
  signal.throwIfAborted();
  const task = page.render({ canvas, viewport, intent: 'print', background: 'white' });
  const stop = () => {
    task.cancel();
  };
  signal.addEventListener('abort', stop);
  try {
    await task.promise;
  } finally {
    signal.removeEventListener('abort', stop);
  }
};

/** The facility's watermark, tiled over the whole page. */
export function watermarkLayer(info: WatermarkInfo): PrintLayer {
  return (canvas, { cssRatio }) => {
    const ctx = canvas.getContext('2d');
    if (ctx) drawWatermark(ctx, canvas.width, canvas.height, info, cssRatio);
  };
}

/** What is drawn over the pages, from the model's state (see `selectPrintDecorations`). */
export interface PrintDecorations {
  /** The merged `watermarkInfo`, or undefined when there is none (empty text). */
  watermark: WatermarkInfo | undefined;
}

/** The layers of every printed page, bottom first. */
export function printLayers({ watermark }: PrintDecorations): PrintLayer[] {
  return [pageLayer, ...(watermark ? [watermarkLayer(watermark)] : [])];
}
