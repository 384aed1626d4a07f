/** behaviour.md, "The facility's policy" anti-copy: active only as the policy says, and never in the reader's own fields. */
import { screen } from '@testing-library/react';
import { ANTI_COPY_ATTRIBUTE, BLOCKED_EVENTS, useAntiCopy } from '..';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { PreloadedDoc } from '../../../test/renderWithProviders';
import type { DocParam } from '../../../domain/document';

function Viewer() {
  useAntiCopy();
  return (
    <main>
      <div data-page-number="1">
        <canvas />
        <div className="textLayer">
          <span>Confidential text</span>
        </div>
      </div>
      <input aria-label="Page number" defaultValue="1" />
    </main>
  );
}

function renderViewer(param: Partial<DocParam>, doc: PreloadedDoc = {}) {
  return renderWithProviders(<Viewer />, {
    preloadedState: { doc: { ...doc, docData: { param } } },
  });
}

/** Dispatches a cancelable `type` at `target` and tells whether something prevented it. */
function prevented(target: Element, type: string): boolean {
  const event = new Event(type, { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

const text = () => screen.getByText('Confidential text');
const canvas = () => document.querySelector('canvas') as Element;

describe('useAntiCopy', () => {
  it.each(BLOCKED_EVENTS)(
    'contracts §5b antiCopy (default): %s is blocked on the pages',
    (type) => {
      renderViewer({});
      expect(prevented(text(), type)).toBe(true);
      expect(prevented(canvas(), type)).toBe(true);
    },
  );

  it('switches the no-selection CSS on for the whole document', () => {
    const { unmount } = renderViewer({});
    expect(document.documentElement).toHaveAttribute(ANTI_COPY_ATTRIBUTE);
    unmount();
    expect(document.documentElement).not.toHaveAttribute(ANTI_COPY_ATTRIBUTE);
  });

  it.each(BLOCKED_EVENTS)('leaves %s to the page number field', (type) => {
    renderViewer({});
    expect(prevented(screen.getByRole('textbox', { name: 'Page number' }), type)).toBe(false);
  });

  it("stops copy before pdf.js's text layer writes the selection into the clipboard", () => {
    renderViewer({});
    const layer = text().closest('.textLayer');
    if (!layer) throw new Error('no text layer');
    const reached = jest.fn();
    layer.addEventListener('copy', reached);
    prevented(text(), 'copy');
    expect(reached).not.toHaveBeenCalled();
  });

  it.each<[string, Partial<DocParam>]>([
    ['antiCopy off, select on', { antiCopy: false, select: true }],
    ['antiCopy off, select off', { antiCopy: false, select: false }],
  ])('contracts §5b %s: nothing is blocked', (_, param) => {
    renderViewer(param);
    expect(document.documentElement).not.toHaveAttribute(ANTI_COPY_ATTRIBUTE);
    for (const type of BLOCKED_EVENTS) expect(prevented(text(), type)).toBe(false);
  });

  it('is off while no document is shown (an error page can be copied from)', () => {
    renderViewer({}, { status: 'error' });
    expect(prevented(text(), 'copy')).toBe(false);
  });
});
