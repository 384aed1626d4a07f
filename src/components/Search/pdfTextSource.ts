/**
 * The open document's text for the results rows, read page by page through pdf.js (only pages
 * whose rows are shown) and kept per document.
 */
import type { PDFDocumentProxy } from '../../services/pdf/pdfjs';
import { pageText } from './textSearch';
import type { PageTextSource } from './textSearch';

const sources = new WeakMap<PDFDocumentProxy, PageTextSource>();

export function pdfTextSource(pdf: PDFDocumentProxy): PageTextSource {
  const known = sources.get(pdf);
  if (known) return known;
  const pending = new Map<number, Promise<string>>();
  const read = new Map<number, string>();
  const source: PageTextSource = {
    pageText(page) {
      const done = read.get(page);
      if (done !== undefined) return Promise.resolve(done);
      let text = pending.get(page);
      if (!text) {
        // The same options as pdf.js's find controller, so offsets agree with its matches.
        text = pdf
          .getPage(page)
          .then((proxy) => proxy.getTextContent({ disableNormalization: true }))
          .then((content) => pageText(content.items));
        pending.set(page, text);
        // A page that failed is asked again next time (it may have been a transient error).
        void text.then(
          (value) => {
            read.set(page, value);
            pending.delete(page);
          },
          () => pending.delete(page),
        );
      }
      return text;
    },
    peek: (page) => read.get(page),
  };
  sources.set(pdf, source);
  return source;
}
