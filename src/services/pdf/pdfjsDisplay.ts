/**
 * pdf.js's display layer, configured once: the worker and its data files come from our own
 * origin under the deployment's base path, from the same exact pdfjs-dist version as the API
 * (contracts §6). Without `pdf_viewer` (pdfjs.ts adds it): the boot's stage opens the document
 * and draws page 1 with this alone, and the viewer chunk shares this module with it
 * (docs/decisions/2026-12-07-boot-draws-page-one.md).
 */
import * as pdfjs from 'pdfjs-dist';
import { pdfWorkerPort } from './earlyWorker';

let worker: InstanceType<typeof pdfjs.PDFWorker> | undefined;

// pdf.js's renderer worker draws pages on an OffscreenCanvas, off the main thread that the app's
// chrome and the text layer need; without OffscreenCanvas pdf.js draws on the main thread
// (docs/decisions/2026-11-27-renderer-worker.md). A hashed asset, as the parsing worker is
// (earlyWorker.ts).
pdfjs.GlobalWorkerOptions.rendererSrc = new URL(
  'pdfjs-dist/build/pdf.renderer.min.mjs',
  import.meta.url,
).href;

/** One worker for the page's life (earlyWorker.ts started it with the entry); documents share it. */
export function sharedWorker(): InstanceType<typeof pdfjs.PDFWorker> {
  worker ??= pdfjs.PDFWorker.create({ port: pdfWorkerPort() });
  return worker;
}
// Its handshake at once, unless the boot read an answer that says another view than pages: the
// viewer's chunk evaluates this module for a listing too, which needs no worker
// (earlyWorker.ts, docs/decisions/2026-12-07-toolbar-and-listing-first-row.md).
if (window.folioPdfWorker !== null) sharedWorker();

/**
 * Where webpack's CopyWebpackPlugin put cmaps, fonts, wasm, ICC profiles and the annotation icons
 * for this version.
 */
export function resourceUrl(
  folder: 'cmaps' | 'standard_fonts' | 'wasm' | 'iccs' | 'images',
): string {
  return new URL(
    `pdfjs-${pdfjs.version}/${folder}/`,
    new URL(__webpack_public_path__, document.baseURI),
  ).toString();
}

export { pdfjs };
export type { PDFDocumentProxy, PDFDocumentLoadingTask, PDFPageProxy } from 'pdfjs-dist';
