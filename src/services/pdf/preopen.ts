import { onPdfNamed } from '../preloadPdf';
import { openDocument } from './openDocument';
import type { OpenedDocument } from './openDocument';
import type { PDFDocumentProxy } from './pdfjs';

interface Held {
  url: string;
  opened: OpenedDocument;
  /** Set once pdf.js has opened it. */
  pdf?: PDFDocumentProxy;
  claimed: boolean;
  disposal?: ReturnType<typeof setTimeout>;
}

let held: Held | undefined;
let listening = false;

function drop(): void {
  if (!held) return;
  clearTimeout(held.disposal);
  void held.opened.task.destroy();
  held = undefined;
}

/**
 * From now on, each PDF the facility names is opened by pdf.js at once, so the worker parses it
 * while React builds the viewer; the viewer then claims it instead of starting over. Idempotent.
 */
export function preopenNamedPdfs(): void {
  if (listening) return;
  listening = true;
  onPdfNamed((url) => {
    if (held?.url === url) return;
    drop();
    const opened = openDocument(url);
    const entry: Held = { url, opened, claimed: false };
    held = entry;
    // Failures reach whoever claims it; unclaimed, they are nobody's error.
    opened.promise
      .then((pdf) => {
        entry.pdf = pdf;
        return pdf.getPage(1); // pdf.js keeps the page: the viewer asks for it first
      })
      .catch(() => undefined);
  });
}

/** The preopened document for `url` if pdf.js has already opened it, to show at once. */
export function preopenedPdf(url: string): PDFDocumentProxy | undefined {
  return held?.url === url && !held.claimed ? held.pdf : undefined;
}

/** The document opened for `url`, to one holder at a time (a Retry opens it afresh). */
export function claimPreopened(url: string): OpenedDocument | undefined {
  if (held?.url !== url || held.claimed) return undefined;
  clearTimeout(held.disposal);
  held.claimed = true;
  return held.opened;
}

/**
 * Gives a claimed document back; unless it is claimed again at once (React's StrictMode remounts
 * a component on the spot), it is destroyed. False when `opened` was never preopened: the caller
 * destroys it.
 */
export function releasePreopened(opened: OpenedDocument): boolean {
  if (held?.opened !== opened) return false;
  const entry = held;
  entry.claimed = false;
  entry.disposal = setTimeout(() => {
    if (held === entry && !entry.claimed) drop();
  }, 0);
  return true;
}
