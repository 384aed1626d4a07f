/**
 * Draws one page preview with pdf.js onto @napi-rs/canvas and writes it as WebP; runs in the pool's
 * threads (pool-worker.ts). A view-only page gets the reader's watermark drawn into its pixels by
 * the viewer's own painter (src/services/watermark/), so it looks as the on-screen one. pdf.js is the viewer's own engine, so the preview is the page the viewer
 * will draw, and replacing it shows no change (decision 2026-11-26-page-previews).
 *
 * Nothing is fetched: the standard fonts, CMaps and image decoders (wasm) are read from pdfjs-dist's
 * own folders; embedded fonts are drawn as paths (`disableFontFace`), never handed to the system.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { AnnotationMode, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { drawWatermark } from '../../src/services/watermark/draw.ts';
import { FACILITY_PDFJS } from '../facts/pdfjs-options.ts';
import { MAX_PREVIEW_PIXELS, PREVIEW_QUALITY } from './preview-types.ts';
import type { PreviewJob } from './preview-types.ts';

const PDFJS = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdf.js joins these with file names, so each ends with a separator. */
const LOCAL_DATA = {
  standardFontDataUrl: `${path.join(PDFJS, 'standard_fonts')}${path.sep}`,
  cMapUrl: `${path.join(PDFJS, 'cmaps')}${path.sep}`,
  wasmUrl: `${path.join(PDFJS, 'wasm')}${path.sep}`,
};

/** CSS pixels per PDF point: pdf.js's page at zoom 1. */
export const CSS_PER_POINT = 96 / 72;

/**
 * The thread's last document, kept open (for pages' text too, page-text.ts): the viewer asks for a
 * document's first pages together,
 * and a large file takes longer to open than to draw a page of (text-1000.pdf: 130–580 ms to open,
 * 30–80 ms a page at 960 px).
 */
let open: { hash: string; task: PDFDocumentLoadingTask; doc: Promise<PDFDocumentProxy> } | null =
  null;

export async function documentOf(input: string, hash: string): Promise<PDFDocumentProxy> {
  if (open?.hash === hash) return open.doc;
  const previous = open;
  open = null;
  await previous?.task.destroy();
  const task = getDocument({
    data: new Uint8Array(await readFile(input)),
    ...FACILITY_PDFJS,
    ...LOCAL_DATA,
  });
  // No password is ever given: a document that needs one fails here, and so has no preview.
  open = { hash, task, doc: task.promise };
  open.doc.catch(() => {
    if (open?.task === task) open = null;
    void task.destroy();
  });
  return open.doc;
}

export async function renderPreview({
  input,
  hash,
  page,
  width,
  output,
  watermark,
  comments = true,
}: PreviewJob): Promise<void> {
  const doc = await documentOf(input, hash);
  const pdfPage = await doc.getPage(page);
  try {
    // The viewer's layout: the page as displayed (its /Rotate applied), scaled to `width`.
    const unscaled = pdfPage.getViewport({ scale: 1 });
    const viewport = pdfPage.getViewport({ scale: width / unscaled.width });
    const height = Math.max(1, Math.round(viewport.height));
    if (width * height > MAX_PREVIEW_PIXELS) {
      throw new Error(`${String(width)} × ${String(height)} px is over the preview limit`);
    }
    const canvas = createCanvas(width, height);
    // pdf.js's Node build draws on @napi-rs/canvas (its own canvas factory makes the same kind);
    // the types only name the DOM's canvas.
    const target = canvas as unknown as HTMLCanvasElement;
    // As the viewer draws the page: its annotations, or none when the policy hides comments.
    const annotationMode = comments ? AnnotationMode.ENABLE : AnnotationMode.DISABLE;
    await pdfPage.render({ canvas: target, viewport, background: 'white', annotationMode }).promise;
    if (watermark !== undefined) {
      // Canvas pixels per CSS pixel of the page at zoom 1 (a point is 4/3 CSS px), as print draws it.
      const ratio = width / (unscaled.width * CSS_PER_POINT);
      const ctx = target.getContext('2d');
      const makeCanvas = () => createCanvas(1, 1) as unknown as HTMLCanvasElement;
      if (ctx) drawWatermark(ctx, width, height, watermark, ratio, makeCanvas);
    }
    await writeFile(output, await canvas.encode('webp', PREVIEW_QUALITY));
  } finally {
    pdfPage.cleanup();
  }
}
