/** behaviour.md, "Watermark": the tile, laid out as antd's Watermark lays it out. */
import { watermarkTile, WATERMARK_DEFAULTS } from '../tile';
import { drawnOn, fakeCanvas } from '../../../test/fakeCanvas';
import type { CanvasCall } from '../../../test/fakeCanvas';

let calls: CanvasCall[];
beforeEach(() => {
  calls = fakeCanvas();
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** Each fillText with the translation and rotation it was drawn at. */
function stamps(canvas: HTMLCanvasElement) {
  const drawn = drawnOn(calls, canvas);
  return drawn.flatMap((call, i) => {
    if (call.name !== 'fillText') return [];
    const translate = drawn.slice(0, i).findLast((c) => c.name === 'translate')?.args;
    const rotate = drawn.slice(0, i).findLast((c) => c.name === 'rotate')?.args[0];
    return [{ text: call.args[0], x: call.args[1], y: call.args[2], translate, rotate }];
  });
}

function lastSet(canvas: HTMLCanvasElement, property: string): unknown {
  return drawnOn(calls, canvas).findLast((call) => call.name === `set ${property}`)?.args[0];
}

describe('watermarkTile', () => {
  it("contracts §3 defaults: antd's font size, colour, angle and gap", () => {
    // The fake measures "alice" at 16 px as 40 × 16 (12 ascent + 4 descent). Rotated -22°, its
    // bounds are 40·cos + 16·sin = 43.08 wide and 40·sin + 16·cos = 29.82 high; the tile is
    // (43.08 + 100) · 2 = 286.16 by 29.82 + 100 = 129.82 CSS pixels, whole canvas pixels at ×2.
    const tile = watermarkTile({ text: 'alice' }, 2);
    if (!tile) throw new Error('no tile');
    expect([tile.canvas.width, tile.canvas.height]).toEqual([572, 260]);
    expect([tile.width, tile.height]).toEqual([286, 130]);
    expect(lastSet(tile.canvas, 'font')).toBe('normal normal 400 32px sans-serif');
    expect(lastSet(tile.canvas, 'fillStyle')).toBe('rgba(0, 0, 0, 0.15)');
    expect(lastSet(tile.canvas, 'textAlign')).toBe('center');
    expect(lastSet(tile.canvas, 'textBaseline')).toBe('top');

    // Once in the left half, twice in the right half half a row up and down (the repeat joins
    // them), each centred in its cut box, the text's top half its box's height above the centre.
    const drawn = stamps(tile.canvas);
    expect(drawn).toHaveLength(3);
    const angle = (-22 * Math.PI) / 180;
    const centres = [
      [43.08, 29.82],
      [286 + 43.08, -130 + 29.82],
      [286 + 43.08, 130 + 29.82],
    ];
    drawn.forEach((stamp, i) => {
      expect(stamp).toMatchObject({ text: 'alice', x: 0, y: -16 });
      expect(stamp.rotate).toBeCloseTo(angle, 10);
      const [x, y] = stamp.translate as [number, number];
      expect(x).toBeCloseTo(centres[i][0], 2);
      expect(y).toBeCloseTo(centres[i][1], 2);
    });
  });

  it('contracts §3: the facility’s font size, colour, angle and gap', () => {
    // "Folio" at 20 px: 50 × 20; rotated 30°, 50·cos + 20·sin = 53.30 by 50·sin + 20·cos = 42.32.
    const tile = watermarkTile(
      { text: 'Folio', fontSize: 20, color: 'rgba(255, 0, 0, 0.3)', rotate: 30, gap: [40, 60] },
      1,
    );
    if (!tile) throw new Error('no tile');
    expect([tile.canvas.width, tile.canvas.height]).toEqual([187, 102]);
    expect(lastSet(tile.canvas, 'font')).toBe('normal normal 400 20px sans-serif');
    expect(lastSet(tile.canvas, 'fillStyle')).toBe('rgba(255, 0, 0, 0.3)');
    const [first] = stamps(tile.canvas);
    expect(first.rotate).toBeCloseTo(Math.PI / 6, 10);
    expect(first.y).toBe(-10);
  });

  it('is the same size in CSS pixels at every ratio', () => {
    const one = watermarkTile({ text: 'alice' }, 1);
    const three = watermarkTile({ text: 'alice' }, 3);
    expect(three?.canvas.width).toBe(3 * (one?.canvas.width ?? 0));
    expect(three?.width).toBeCloseTo(one?.width ?? 0, 0);
    expect(three?.height).toBeCloseTo(one?.height ?? 0, 0);
  });

  it('contracts §3 empty text: no tile, nothing drawn', () => {
    expect(watermarkTile({ text: '', fontSize: 20 }, 1)).toBeUndefined();
    expect(watermarkTile({}, 1)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('draws HTML in the text as text, never parsing it', () => {
    const text = '<img src=x onerror="window.__pwned=1"><b>alice</b>';
    const tile = watermarkTile({ text }, 1);
    if (!tile) throw new Error('no tile');
    expect(stamps(tile.canvas).map((stamp) => stamp.text)).toEqual([text, text, text]);
    expect(document.querySelector('img, b')).toBeNull();
  });

  it('keeps an absurd font size within the canvas budget, at its CSS size', () => {
    const tile = watermarkTile({ text: 'alice', fontSize: 100_000 }, 2);
    if (!tile) throw new Error('no tile');
    expect(tile.canvas.width * tile.canvas.height).toBeLessThanOrEqual(4_000_000);
    // 250 000 × 100 000 text rotated -22°: about 269 256 wide, the tile twice that plus the gaps.
    expect(tile.width).toBeGreaterThan(500_000);
  });

  it('falls back to the defaults for numbers that are not numbers', () => {
    const tile = watermarkTile({ text: 'alice', fontSize: NaN, rotate: Infinity }, NaN);
    if (!tile) throw new Error('no tile');
    expect(lastSet(tile.canvas, 'font')).toBe(
      `normal normal 400 ${String(WATERMARK_DEFAULTS.fontSize)}px sans-serif`,
    );
    expect(stamps(tile.canvas)[0].rotate).toBeCloseTo((-22 * Math.PI) / 180, 10);
  });
});
