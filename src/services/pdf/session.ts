/**
 * The open document's live objects: the page engine (pdf.js's PDFViewer, event bus, find controller,
 * and through it the PDFDocumentProxy). They are not data, so they stay out of the store; like
 * pdf.js's PDFViewerApplication, but with nothing else in it and no window global. Effects read it
 * (`pdfSession.pdf()`); components reach it through one hook (components/PdfView/useEngine.ts);
 * the page view that makes the engine puts it here and takes it away.
 */
import type { Engine } from './engine';
import type { PDFDocumentProxy } from './pdfjs';

export interface PdfSession {
  /** The engine of the document on screen, or undefined while none is open. */
  engine: () => Engine | undefined;
  /** The open document, for effects (print): the engine's. */
  pdf: () => PDFDocumentProxy | undefined;
  setEngine: (engine: Engine | undefined) => void;
  /** Called whenever the engine comes or goes; returns the unsubscriber. */
  subscribe: (listener: () => void) => () => void;
}

export function createPdfSession(): PdfSession {
  let current: Engine | undefined;
  const listeners = new Set<() => void>();
  return {
    engine: () => current,
    pdf: () => current?.pdf,
    setEngine(engine) {
      if (engine === current) return;
      current = engine;
      listeners.forEach((listener) => {
        listener();
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one session (one document on screen at a time). */
export const pdfSession = createPdfSession();
