/**
 * pdf.js, configured once: the worker and its data files come from our own origin under the
 * deployment's base path, from the same exact pdfjs-dist version as the API (contracts §6).
 * `pdfjs-dist` must be evaluated before `pdf_viewer.mjs`, which reads `globalThis.pdfjsLib`.
 */
import * as pdfjs from 'pdfjs-dist';
import * as viewer from 'pdfjs-dist/web/pdf_viewer.mjs';
import { pdfWorkerPort } from './earlyWorker';

let worker: InstanceType<typeof pdfjs.PDFWorker> | undefined;

/** One worker for the page's life (earlyWorker.ts started it with the entry); documents share it. */
export function sharedWorker(): InstanceType<typeof pdfjs.PDFWorker> {
  worker ??= pdfjs.PDFWorker.create({ port: pdfWorkerPort() });
  return worker;
}
sharedWorker();

/**
 * Where webpack's CopyWebpackPlugin put cmaps, fonts, wasm, ICC profiles and the annotation icons
 * for this version.
 */
export function resourceUrl(
  folder: 'cmaps' | 'standard_fonts' | 'wasm' | 'iccs' | 'images',
): string {
  return new URL(
    `pdfjs-${pdfjs.version}/${folder}/`,
    new URL(__webpack_public_path__, window.location.href),
  ).toString();
}

export { pdfjs, viewer };
export type { PDFDocumentProxy, PDFDocumentLoadingTask, PDFPageProxy } from 'pdfjs-dist';
