/**
 * The open document's live objects: the opener (pdf.js's getDocument, behind openDocument.ts), the
 * PDFDocumentProxy and the page engine (pdf.js's PDFViewer, event bus, find controller). They are
 * not data, so they stay out of the store; like pdf.js's PDFViewerApplication, but with nothing
 * else in it and no window global. The doc model's `pdf` effect opens documents through it and
 * puts the document here; components reach it through one hook (components/PdfView/useEngine.ts);
 * the page view that makes the engine puts it here and takes it away.
 *
 * This module imports no pdf.js value: the viewer chunk, which carries pdf.js, hands the opener in
 * (`provideOpener`), so the model (in the main chunk, and under jest) never loads pdf.js itself.
 */
import type { Engine } from './engine';
import type { OpenedDocument } from './openDocument';
import type { PDFDocumentProxy } from './pdfjs';

export type Opener = (url: string) => OpenedDocument;

export interface PdfSession {
  /** The engine of the document on screen, or undefined while none is open. */
  engine: () => Engine | undefined;
  /** The open document, for effects (print) and the page view; undefined while none is open. */
  pdf: () => PDFDocumentProxy | undefined;
  setEngine: (engine: Engine | undefined) => void;
  /** The doc model's `pdf` effect: the document it opened, or undefined once it lets it go. */
  setDocument: (pdf: PDFDocumentProxy | undefined) => void;
  /**
   * Ends an open: `destroy` runs now, or, while an engine still shows `pdf`, once the page view
   * has let that engine go (pdf.js must not lose its document under a viewer still drawing it).
   */
  close: (pdf: PDFDocumentProxy | undefined, destroy: () => void) => void;
  /** Called whenever the engine or the document comes or goes; returns the unsubscriber. */
  subscribe: (listener: () => void) => () => void;
  /** The viewer chunk hands in pdf.js's opener as it loads (pages/Viewer/index.tsx). */
  provideOpener: (opener: Opener) => void;
  /** The opener, once the viewer chunk has handed it in. */
  opener: () => Promise<Opener>;
}

export function createPdfSession(): PdfSession {
  let current: Engine | undefined;
  let document: PDFDocumentProxy | undefined;
  // Opens that end once the engine showing them has gone.
  let closing: (() => void)[] = [];
  const listeners = new Set<() => void>();
  let provide: (opener: Opener) => void = () => undefined;
  let opener = new Promise<Opener>((resolve) => {
    provide = resolve;
  });
  const changed = () => {
    listeners.forEach((listener) => {
      listener();
    });
  };
  return {
    engine: () => current,
    pdf: () => current?.pdf ?? document,
    setEngine(engine) {
      if (engine === current) return;
      current = engine;
      const done = closing;
      closing = [];
      done.forEach((destroy) => {
        destroy();
      });
      changed();
    },
    setDocument(pdf) {
      if (pdf === document) return;
      document = pdf;
      changed();
    },
    close(pdf, destroy) {
      if (pdf !== undefined && pdf === document) {
        document = undefined;
        changed();
      }
      if (pdf !== undefined && current?.pdf === pdf) closing.push(destroy);
      else destroy();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    provideOpener(open) {
      provide(open);
      opener = Promise.resolve(open);
    },
    opener: () => opener,
  };
}

/** The app's one session (one document on screen at a time). */
export const pdfSession = createPdfSession();
