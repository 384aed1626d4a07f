/** Pages that left pdf.js's buffer do not keep their old text layer's helpers. */
import { textMappingReleaser } from '../textMappings';
import type { TextMappedView } from '../textMappings';

type Highlighter = NonNullable<TextMappedView['_textHighlighter']>;

/** pdf.js's page view in miniature, with what `draw()` and leaving the buffer do to it. */
class View implements TextMappedView {
  textLayer: unknown = null;
  annotationLayer: unknown = null;
  _accessibilityManager: unknown = null;
  readonly _textHighlighter: Highlighter = { textDivs: null, textContentItemsStr: null };
  readonly id: number;
  constructor(id: number) {
    this.id = id;
  }
  draw(): void {
    this._accessibilityManager ??= new Map();
    this._textHighlighter.textDivs = [document.createElement('span')];
    this._textHighlighter.textContentItemsStr = [`text of page ${String(this.id)}`];
    this.textLayer = { highlighter: this._textHighlighter };
    this.annotationLayer = { accessibilityManager: this._accessibilityManager };
  }
  reset(): void {
    this.textLayer = null;
    this.annotationLayer = null;
  }
}

describe('textMappingReleaser', () => {
  it('empties the highlighter and drops the manager of pages whose layers pdf.js has dropped', () => {
    const views = [new View(1), new View(2), new View(3)];
    const release = textMappingReleaser((i) => views[i]);
    views[0].draw();
    release(1);
    views[1].draw();
    release(2);
    // pdf.js evicts page 1 from its buffer: the layers go, the helpers stay on the view.
    views[0].reset();
    views[2].draw();
    release(3);
    expect(views[0]._textHighlighter).toEqual({ textDivs: null, textContentItemsStr: null });
    expect(views[0]._accessibilityManager).toBeNull();
    expect(views[1]._textHighlighter.textContentItemsStr).toEqual(['text of page 2']);
    expect(views[1]._accessibilityManager).toBeInstanceOf(Map);
  });

  it('lets a page shown again map its new layer, and releases it when it goes once more', () => {
    const views = [new View(1), new View(2)];
    const release = textMappingReleaser((i) => views[i]);
    views[0].draw();
    release(1);
    views[0].reset();
    views[1].draw();
    release(2);
    views[0].draw();
    release(1);
    expect(views[0]._textHighlighter.textContentItemsStr).toEqual(['text of page 1']);
    expect(views[0]._accessibilityManager).toBeInstanceOf(Map);
    views[0].reset();
    release(2);
    expect(views[0]._textHighlighter.textContentItemsStr).toBeNull();
    expect(views[0]._accessibilityManager).toBeNull();
  });

  it('keeps the manager while the annotation layer that shares it is still there', () => {
    const views = [new View(1), new View(2)];
    const release = textMappingReleaser((i) => views[i]);
    views[0].draw();
    release(1);
    views[0].textLayer = null;
    release(2);
    expect(views[0]._textHighlighter.textDivs).toBeNull();
    expect(views[0]._accessibilityManager).toBeInstanceOf(Map);
    views[0].annotationLayer = null;
    release(2);
    expect(views[0]._accessibilityManager).toBeNull();
  });

  it('leaves alone a page that pdf.js has not made', () => {
    const release = textMappingReleaser(() => undefined);
    expect(() => {
      release(1);
    }).not.toThrow();
  });
});
