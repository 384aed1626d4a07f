/** pdf.js's own strings (page region names, annotations) in the reader's language. */
import { viewerL10n } from '../viewerL10n';

/** A page element as pdf.js's PDFPageView makes it. */
function pageDiv(page: number): HTMLDivElement {
  const div = document.createElement('div');
  div.setAttribute('role', 'region');
  div.setAttribute('data-l10n-id', 'pdfjs-page-landmark');
  div.setAttribute('data-l10n-args', JSON.stringify({ page }));
  return div;
}

/** MutationObserver callbacks run as microtasks; a macrotask is past all of them. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('viewerL10n', () => {
  it('names pages pdf.js adds to the watched container, in Chinese', async () => {
    const viewer = document.createElement('div');
    const l10n = viewerL10n('zh-CN');
    await l10n.translate(viewer);
    viewer.append(pageDiv(1), pageDiv(2));
    await settled();
    expect([...viewer.children].map((div) => div.getAttribute('aria-label'))).toEqual([
      '第 1 页',
      '第 2 页',
    ]);
    await l10n.destroy();
  });

  it('names pages already there, and follows a page renumbered by pdf.js', async () => {
    const viewer = document.createElement('div');
    const page = pageDiv(3);
    viewer.append(page);
    const l10n = viewerL10n('en');
    await l10n.translate(viewer);
    expect(page.getAttribute('aria-label')).toBe('Page 3');
    page.setAttribute('data-l10n-args', JSON.stringify({ page: 4 }));
    await settled();
    expect(page.getAttribute('aria-label')).toBe('Page 4');
    await l10n.destroy();
  });

  it('translates what was added before a pause, and what comes after resume', async () => {
    const viewer = document.createElement('div');
    const l10n = viewerL10n('en');
    await l10n.translate(viewer);
    const before = pageDiv(1);
    viewer.append(before);
    l10n.pause();
    expect(before.getAttribute('aria-label')).toBe('Page 1');
    l10n.resume();
    const after = pageDiv(2);
    viewer.append(after);
    await settled();
    expect(after.getAttribute('aria-label')).toBe('Page 2');
    await l10n.destroy();
  });

  it("puts an annotation icon's type and a popup's date, as text", async () => {
    const layer = document.createElement('div');
    const icon = document.createElement('img');
    icon.setAttribute('data-l10n-id', 'pdfjs-text-annotation-type');
    icon.setAttribute('data-l10n-args', JSON.stringify({ type: '<b>Note</b>' }));
    const date = document.createElement('span');
    date.setAttribute('data-l10n-id', 'pdfjs-annotation-date-time-string');
    const when = Date.UTC(2026, 10, 25, 12, 0, 0);
    date.setAttribute('data-l10n-args', JSON.stringify({ dateObj: when }));
    layer.append(icon, date);
    await viewerL10n('zh-CN').translateOnce(layer);
    expect(icon.getAttribute('alt')).toBe('[<b>Note</b> 批注]');
    expect(date.children).toHaveLength(0);
    expect(date.textContent).toBe(
      new Date(when).toLocaleString('zh-CN', { dateStyle: 'short', timeStyle: 'medium' }),
    );
  });

  it('leaves ids it does not know, and broken arguments, without text', async () => {
    const root = document.createElement('div');
    const unknown = document.createElement('button');
    unknown.setAttribute('data-l10n-id', 'pdfjs-editor-ink-button');
    const broken = pageDiv(1);
    broken.setAttribute('data-l10n-args', '{not json');
    root.append(unknown, broken);
    const l10n = viewerL10n('en');
    await l10n.translateOnce(root);
    expect(unknown.attributes).toHaveLength(1);
    expect(unknown.textContent).toBe('');
    expect(broken.hasAttribute('aria-label')).toBe(false);
    expect(await l10n.get('pdfjs-editor-ink-button')).toBe('');
    expect(l10n.getLanguage()).toBe('en');
  });

  it('stops watching once destroyed', async () => {
    const viewer = document.createElement('div');
    const l10n = viewerL10n('en');
    await l10n.translate(viewer);
    await l10n.destroy();
    const page = pageDiv(1);
    viewer.append(page);
    await settled();
    expect(page.hasAttribute('aria-label')).toBe(false);
  });
});
