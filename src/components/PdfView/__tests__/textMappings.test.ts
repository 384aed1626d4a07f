/** Pages that left pdf.js's buffer do not keep their old text layer's spans and strings. */
import { textMappingReleaser } from '../textMappings';
import type { TextMappedView } from '../textMappings';

/** A page view as pdf.js leaves it after rendering page `n` with a text layer. */
function rendered(n: number): Required<TextMappedView> {
  return {
    textLayer: {},
    _textHighlighter: {
      textDivs: [document.createElement('span')],
      textContentItemsStr: [`text of page ${n}`],
    },
  };
}

describe('textMappingReleaser', () => {
  it('lets go of the mappings of pages whose text layer pdf.js has dropped', () => {
    const [first, second, third] = [rendered(1), rendered(2), rendered(3)];
    const release = textMappingReleaser((i) => [first, second, third][i]);
    release(1);
    release(2);
    // pdf.js evicts page 1 from its buffer: the text layer goes, the highlighter keeps its arrays.
    first.textLayer = null;
    release(3);
    expect(first._textHighlighter).toEqual({ textDivs: null, textContentItemsStr: null });
    expect(second._textHighlighter.textContentItemsStr).toEqual(['text of page 2']);
    expect(third._textHighlighter.textContentItemsStr).toEqual(['text of page 3']);
  });

  it('keeps the mapping of a page shown again, and releases it once more when it goes', () => {
    const views = [rendered(1), rendered(2)];
    const release = textMappingReleaser((i) => views[i]);
    release(1);
    views[0] = { ...rendered(1), textLayer: null };
    release(2);
    expect(views[0]._textHighlighter.textDivs).toBeNull();
    // Page 1 is shown again: pdf.js renders a new text layer and maps it.
    views[0] = rendered(1);
    release(1);
    expect(views[0]._textHighlighter.textContentItemsStr).toEqual(['text of page 1']);
    views[0].textLayer = null;
    release(2);
    expect(views[0]._textHighlighter.textContentItemsStr).toBeNull();
  });

  it('leaves pages that never had a highlighter alone', () => {
    const views: TextMappedView[] = [{ textLayer: null }];
    const release = textMappingReleaser((i) => views[i]);
    expect(() => {
      release(1);
    }).not.toThrow();
    expect(views[0]).toEqual({ textLayer: null });
  });
});
