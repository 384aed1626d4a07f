/** behaviour.md, "Watermark": the stage holds the pages, under the watermark's overlay when there is text. */
import { act, screen } from '@testing-library/react';
import { WatermarkedStage } from '..';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { fakeCanvas } from '../../../test/fakeCanvas';
import { docActions } from '../../../models';
import type { WatermarkInfo } from '../../../domain/document';

beforeEach(() => {
  fakeCanvas();
});
afterEach(() => {
  jest.restoreAllMocks();
});

function renderStage(watermarkInfo: WatermarkInfo) {
  return renderWithProviders(
    <WatermarkedStage>
      <div>the pages</div>
    </WatermarkedStage>,
    { preloadedState: { doc: { docData: { watermarkInfo } } } },
  );
}

function stage(): HTMLElement {
  const element = screen.getByText('the pages').parentElement;
  if (!element) throw new Error('no stage');
  return element;
}

/** The overlay: the stage's direct child with the tiled background image. */
function overlay(): HTMLElement | undefined {
  return [...stage().children].find(
    (child): child is HTMLElement =>
      child instanceof HTMLDivElement && child.style.backgroundImage !== '',
  );
}

describe('WatermarkedStage', () => {
  it('contracts §3 empty text: a plain stage, no watermark', () => {
    renderStage({ text: '', fontSize: 20 });
    expect(stage()).toHaveClass('folio-stage');
    expect(stage()).not.toHaveClass('folio-watermarked');
    expect(stage().children).toHaveLength(1);
  });

  it('with text: the overlay is over the pages in the commit that shows them', () => {
    renderStage({ text: '<b>alice</b>', rotate: -22, gap: [80, 80], fontSize: 18 });
    // No waiting: the layout effect has mounted it before the browser could paint the pages.
    expect(stage()).toHaveClass('folio-stage', 'folio-watermarked');
    expect(overlay()?.style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/);
    expect(overlay()?.style.pointerEvents).toBe('none');
    // Text is drawn, never parsed: no element comes from the HTML in it.
    expect(stage().querySelector('b')).toBeNull();
  });

  it('contracts §3: a watermark merged later covers the same pages, and goes with its text', () => {
    const { app } = renderStage({ text: '' });
    const pages = screen.getByText('the pages');
    expect(overlay()).toBeUndefined();
    act(() => {
      app.dispatch(docActions.mergeWatermark({ text: 'bob' }));
    });
    expect(screen.getByText('the pages')).toBe(pages);
    expect(stage()).toHaveClass('folio-watermarked');
    const first = overlay();
    expect(first).toBeDefined();
    act(() => {
      app.dispatch(docActions.mergeWatermark({ fontSize: 30 }));
    });
    // A new tile for the new size, and only one overlay.
    expect(overlay()).not.toBe(first);
    expect(first?.isConnected).toBe(false);
    expect(stage().children).toHaveLength(2);
    act(() => {
      app.dispatch(docActions.mergeWatermark({ text: '' }));
    });
    expect(overlay()).toBeUndefined();
    expect(stage()).not.toHaveClass('folio-watermarked');
  });

  it('takes the overlay away when the stage goes', () => {
    const { unmount } = renderStage({ text: 'alice' });
    const mark = overlay();
    expect(mark?.isConnected).toBe(true);
    unmount();
    expect(mark?.isConnected).toBe(false);
  });
});
