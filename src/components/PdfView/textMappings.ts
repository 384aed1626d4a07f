/** What this file reads of a pdf.js page view (its typings return `any`). */
export interface TextMappedView {
  /** null once pdf.js has dropped the page's text layer (the page left its buffer). */
  textLayer: unknown;
  _textHighlighter?: { textDivs: Node[] | null; textContentItemsStr: string[] | null };
}

/**
 * pdf.js's page views keep their last text layer's spans and strings in their TextHighlighter
 * after dropping the text layer itself: ≈ 4 kB of JS heap and ≈ 45 detached spans for every page
 * ever shown, for the document's life. The returned function, called with each page whose text
 * layer has rendered, lets go of the mappings of the pages seen so far whose text layer is gone;
 * a page shown again maps its new text layer before it highlights anything.
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
      if (highlighter) {
        highlighter.textDivs = null;
        highlighter.textContentItemsStr = null;
      }
      mapped.delete(n);
    }
  };
}
