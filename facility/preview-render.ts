/**
 * Draws one page preview with pdf.js onto @napi-rs/canvas and writes it as WebP; runs in the pool's
 * threads (pool-worker.ts). pdf.js is the viewer's own engine, so the preview is the page the viewer
 * will draw, and replacing it shows no change (decision 2026-11-26-page-previews).
 *
 * Nothing is fetched: the standard fonts, CMaps and image decoders (wasm) are read from pdfjs-dist's
 * own folders; embedded fonts are drawn as paths (`disableFontFace`), never handed to the system.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { FACILITY_PDFJS } from './pdfjs-options.ts';
import { MAX_PREVIEW_PIXELS, PREVIEW_QUALITY } from './preview-types.ts';
import type { PreviewJob } from './preview-types.ts';

const PDFJS = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdf.js joins these with file names, so each ends with a separator. */
const LOCAL_DATA = {
  standardFontDataUrl: `${path.join(PDFJS, 'standard_fonts')}${path.sep}`,
  cMapUrl: `${path.join(PDFJS, 'cmaps')}${path.sep}`,
  wasmUrl: `${path.join(PDFJS, 'wasm')}${path.sep}`,
};

/**
 * The thread's last document, kept open: the viewer asks for a document's first pages together,
 * and a large file takes longer to open than to draw a page of (text-1000.pdf: 130–580 ms to open,
 * 30–80 ms a page at 960 px).
 */
let open: { hash: string; task: PDFDocumentLoadingTask; doc: Promise<PDFDocumentProxy> } | null =
  null;

async function documentOf(input: string, hash: string): Promise<PDFDocumentProxy> {
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
    await pdfPage.render({ canvas: target, viewport, background: 'white' }).promise;
    await writeFile(output, await canvas.encode('webp', PREVIEW_QUALITY));
  } finally {
    pdfPage.cleanup();
  }
}
