/**
 * pdf.js's worker, started when the URL names a document, before React or the viewer's chunks
 * run: its script (≈ 1.3 MB) then loads and compiles on its own thread while the app boots and
 * the facility answers, instead of after the viewer-vendor chunk has been evaluated (the bench
 * saw its request start ≈ 600 ms after the entry script arrived). The boot (start.ts) starts
 * it first (`window.folioPdfWorker`, the same hashed file) once the facility's answer says pages,
 * before the entry has even loaded; the entry does it where that did not happen. pdfjs.ts hands it
 * to pdf.js as a port. No document, or an answer that says another view, no worker: the empty
 * state and a listing do not pay for it (docs/decisions/2026-12-07-toolbar-and-listing-first-row.md).
 */
import { namesDocument, pageLocation } from '../../url';

declare global {
  interface Window {
    /**
     * Set by the boot (start.ts) on a document link: the worker it started for pages, or null
     * when the answer says another view (no worker until a PDF is opened).
     */
    folioPdfWorker?: unknown;
  }
}

let early: Worker | undefined;

/** The one pdf.js worker of the page, started now if it is not yet. */
export function pdfWorkerPort(): Worker {
  // A hashed asset name, so a redeploy can never pair the API with another version's worker. The
  // URL is a variable on purpose: `new Worker(new URL(…))` written out would make webpack bundle
  // pdf.js's already built worker again as a chunk of its own.
  const url = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);
  const booted = window.folioPdfWorker;
  early ??= booted instanceof Worker ? booted : new Worker(url, { type: 'module' });
  // The boot, answered after the entry started it, starts no second one.
  window.folioPdfWorker = early;
  return early;
}

if (
  typeof Worker !== 'undefined' &&
  window.folioPdfWorker !== null &&
  namesDocument(pageLocation().search)
) {
  pdfWorkerPort();
}
