/**
 * The open document's text for search, read page by page through pdf.js and kept per document:
 * a second query (or the same one after the bar was closed) only costs the matching.
 */
import type { PDFDocumentProxy } from '../../services/pdf/pdfjs';
import { pageText } from './textSearch';
import type { PageTextSource } from './textSearch';

const texts = new WeakMap<PDFDocumentProxy, Map<number, Promise<string>>>();

export function pdfTextSource(pdf: PDFDocumentProxy): PageTextSource {
  let cache = texts.get(pdf);
  if (!cache) {
    cache = new Map();
    texts.set(pdf, cache);
  }
  const pages = cache;
  return {
    pageCount: pdf.numPages,
    pageText(page) {
      let text = pages.get(page);
      if (!text) {
        // The same options as pdf.js's find controller, so offsets agree with its matches.
        text = pdf
          .getPage(page)
          .then((proxy) => proxy.getTextContent({ disableNormalization: true }))
          .then((content) => pageText(content.items));
        // A page that failed is asked again next time (it may have been a transient error).
        void text.catch(() => pages.delete(page));
        pages.set(page, text);
      }
      return text;
    },
  };
}
