import { useSyncExternalStore } from 'react';
import { pdfSession } from '../../services/pdf/session';
import type { Engine } from '../../services/pdf/engine';
import type { PDFDocumentProxy } from '../../services/pdf/pdfjs';

/**
 * The one way a component reaches the open document's live objects (services/pdf/session.ts):
 * the engine of the document on screen, or undefined while none is open. Re-renders when it
 * changes.
 */
export function useEngine(): Engine | undefined {
  return useSyncExternalStore(pdfSession.subscribe, pdfSession.engine);
}

/** The open document (the page view draws it), from the same session; undefined while none is. */
export function useOpenPdf(): PDFDocumentProxy | undefined {
  return useSyncExternalStore(pdfSession.subscribe, pdfSession.pdf);
}
