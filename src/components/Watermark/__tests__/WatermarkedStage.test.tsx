/** behaviour.md, "The facility's policy" watermark: the stage holds the pages, under antd's Watermark when there is text. */
import { screen } from '@testing-library/react';
import { WatermarkedStage } from '..';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { WatermarkInfo } from '../../../domain/document';

// jsdom draws nothing: a 2D context that accepts antd's calls stands in for the canvas.
beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      new Proxy(
        {},
        {
          get: (_, key) =>
            key === 'measureText'
              ? () => ({ width: 100, fontBoundingBoxAscent: 10, fontBoundingBoxDescent: 4 })
              : () => undefined,
          set: () => true,
        },
      ) as unknown as RenderingContext,
  );
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,');
});

afterAll(() => {
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

describe('WatermarkedStage', () => {
  it('contracts §3 empty text: a plain stage, no watermark', () => {
    renderStage({ text: '', fontSize: 20 });
    expect(stage()).toHaveClass('folio-stage');
    expect(stage()).not.toHaveClass('folio-watermarked');
    expect(stage().children).toHaveLength(1);
  });

  it('with text: the stage is the watermark, with its tiled overlay above the pages', async () => {
    renderStage({ text: '<b>alice</b>', rotate: -22, gap: [80, 80], fontSize: 18 });
    // antd's Watermark is evaluated on demand; until it has run, the pages are not shown at all.
    expect(screen.queryByText('the pages')).toBeNull();
    await screen.findByText('the pages');
    expect(stage()).toHaveClass('folio-stage', 'folio-watermarked');
    const overlay = await screen.findByText(
      (_, element) =>
        element instanceof HTMLElement &&
        element.parentElement === stage() &&
        element.style.backgroundImage !== '',
    );
    expect(overlay.style.pointerEvents).toBe('none');
    // Text is drawn, never parsed: no element comes from the HTML in it.
    expect(stage().querySelector('b')).toBeNull();
  });
});
