/** pdf.js's document as printing reads it (services/print/printable.ts). */
import type { PrintSource } from '../print/printable';
import type { PDFDocumentProxy } from './pdfjs';

export function pdfPrintSource(pdf: PDFDocumentProxy): PrintSource {
  return {
    async getPage(pageNumber) {
      const page = await pdf.getPage(pageNumber);
      return {
        getViewport: (params) => page.getViewport(params),
        // pdf.js draws with its own viewport object: the one of the scale asked for.
        render: (params) =>
          page.render({ ...params, viewport: page.getViewport({ scale: params.viewport.scale }) }),
        cleanup: () => page.cleanup(),
      };
    },
  };
}
