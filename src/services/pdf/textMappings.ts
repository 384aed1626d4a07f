/** What this file reads and drops of a pdf.js page view (its typings return `any`). */
export interface TextMappedView {
  /** null once pdf.js has dropped the page's text layer (the page left its buffer). */
  textLayer: unknown;
  annotationLayer: unknown;
  _textHighlighter?: { textDivs: Node[] | null; textContentItemsStr: string[] | null };
  /** Made again (`||=`) when the page draws its text layer next. */
  _accessibilityManager?: unknown;
}

/**
 * pdf.js's page views keep, for the document's life, the TextHighlighter of their last text layer
 * (with that layer's spans and strings: ≈ 4 kB of JS heap and ≈ 45 detached spans) and a
 * TextAccessibilityManager with two Maps, after dropping the layers themselves. The returned
 * function, called with each page whose text layer has rendered, empties the highlighter and drops
 * the manager of the pages seen so far whose layers are gone; a page shown again maps its new text
 * layer, and gets a new manager, as pdf.js draws it.
 */
export function textMappingReleaser(
  pageView: (index: number) => TextMappedView | undefined,
): (pageNumber: number) => void {
  const mapped = new Set<number>();
  return (pageNumber) => {
    mapped.add(pageNumber);
    for (const n of mapped) {
      const view = pageView(n - 1);
      if (view?.textLayer) continue;
      const highlighter = view?._textHighlighter;
      // Emptied, not deleted: deleting a property would turn every page view into a dictionary-mode
      // object, more than the highlighter weighs. pdf.js maps a page's new text layer before use.
      if (highlighter) {
        highlighter.textDivs = null;
        highlighter.textContentItemsStr = null;
      }
      // The annotation layer shares the manager; it goes at the same time on leaving the buffer.
      if (view?.annotationLayer) continue;
      if (view) view._accessibilityManager = null;
      mapped.delete(n);
    }
  };
}
