/**
 * pdf.js with its viewer components (`pdf_viewer`), for the viewer chunk. `pdfjs-dist` must be
 * evaluated before `pdf_viewer.mjs`, which reads `globalThis.pdfjsLib`: pdfjsDisplay.ts, which
 * imports it, comes first.
 */
import { resourceUrl } from './pdfjsDisplay';
import * as viewer from 'pdfjs-dist/web/pdf_viewer.mjs';

export { resourceUrl, viewer };
export type { PDFDocumentProxy, PDFDocumentLoadingTask, PDFPageProxy } from './pdfjsDisplay';
