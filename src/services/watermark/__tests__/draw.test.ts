/** behaviour.md, "Print": the watermark burned into a page is the on-screen tile, repeated. */
import { drawWatermark } from '../draw';
import { drawnOn, fakeCanvas } from '../../../test/fakeCanvas';
import type { CanvasCall } from '../../../test/fakeCanvas';

let calls: CanvasCall[];
beforeEach(() => {
  calls = fakeCanvas();
});
afterEach(() => {
  jest.restoreAllMocks();
});

function pageContext(): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const page = document.createElement('canvas');
  const ctx = page.getContext('2d');
  if (!ctx) throw new Error('no context');
  return [page, ctx];
}

describe('drawWatermark', () => {
  it('fills the whole page with the tile, drawn at the page’s ratio', () => {
    const [page, ctx] = pageContext();
    drawWatermark(ctx, 1240, 1754, { text: 'alice' }, 2);
    const onPage = drawnOn(calls, page).map((call) => call.name);
    expect(onPage).toEqual(['createPattern', 'save', 'set fillStyle', 'fillRect', 'restore']);
    const [pattern] = drawnOn(calls, page).filter((call) => call.name === 'createPattern');
    const [tile, repetition] = pattern.args as [HTMLCanvasElement, string];
    expect(repetition).toBe('repeat');
    expect(drawnOn(calls, page).find((call) => call.name === 'fillRect')?.args).toEqual([
      0, 0, 1240, 1754,
    ]);
    // The tile itself: the text three times at twice its CSS size; released once used.
    const onTile = drawnOn(calls, tile);
    expect(onTile.filter((call) => call.name === 'fillText')).toHaveLength(3);
    expect(onTile.findLast((call) => call.name === 'set font')?.args).toEqual([
      'normal normal 400 32px sans-serif',
    ]);
    expect([tile.width, tile.height]).toEqual([0, 0]);
  });

  it('contracts §3 empty text: draws nothing', () => {
    const [page, ctx] = pageContext();
    drawWatermark(ctx, 100, 100, { text: '' }, 1);
    expect(drawnOn(calls, page)).toEqual([]);
  });
});
