import {
  distance,
  doubleTapZoom,
  isDoubleTap,
  isTap,
  midpoint,
  pinchZoom,
  previewStyle,
  swipeDirection,
} from '../math';

describe('pinch', () => {
  it('measures the fingers', () => {
    expect(distance({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(5);
    expect(midpoint({ x: 10, y: 20 }, { x: 30, y: 60 })).toEqual({ x: 20, y: 40 });
  });

  it('scales the starting zoom by how far the fingers spread', () => {
    expect(pinchZoom(1, 100, 150, 0.2, 2)).toBeCloseTo(1.5);
    expect(pinchZoom(1.2, 200, 100, 0.2, 2)).toBeCloseTo(0.6);
  });

  it("clamps to the model's range", () => {
    expect(pinchZoom(1, 100, 1000, 0.2, 2)).toBe(2);
    expect(pinchZoom(1, 100, 5, 0.2, 2)).toBe(0.2);
  });

  it('gives nothing for fingers on one spot', () => {
    expect(pinchZoom(1, 0, 100, 0.2, 2)).toBeUndefined();
    expect(pinchZoom(1, 0.5, 100, 0.2, 2)).toBeUndefined();
  });

  it('previews with a CSS scale around the point between the fingers', () => {
    expect(previewStyle(1.5, { x: 120, y: 300.5 })).toEqual({
      transform: 'scale(1.5)',
      transformOrigin: '120px 300.5px',
    });
  });
});

describe('swipe', () => {
  const start = { x: 300, y: 400 };
  it('a quick swipe to the left is the next page, to the right the previous', () => {
    expect(swipeDirection(start, { x: 200, y: 410 }, 200)).toBe('next');
    expect(swipeDirection(start, { x: 380, y: 390 }, 200)).toBe('previous');
  });

  it('too short, too slow or too vertical is no swipe', () => {
    expect(swipeDirection(start, { x: 260, y: 400 }, 200)).toBeUndefined();
    expect(swipeDirection(start, { x: 100, y: 400 }, 1200)).toBeUndefined();
    expect(swipeDirection(start, { x: 220, y: 500 }, 200)).toBeUndefined();
  });
});

describe('taps', () => {
  it('a short still touch is a tap', () => {
    expect(isTap({ x: 0, y: 0 }, { x: 3, y: 4 }, 100)).toBe(true);
    expect(isTap({ x: 0, y: 0 }, { x: 30, y: 0 }, 100)).toBe(false);
    expect(isTap({ x: 0, y: 0 }, { x: 0, y: 0 }, 600)).toBe(false);
  });

  it('two taps close in time and place are a double-tap', () => {
    const first = { at: { x: 100, y: 100 }, time: 1000 };
    expect(isDoubleTap(undefined, first)).toBe(false);
    expect(isDoubleTap(first, { at: { x: 110, y: 95 }, time: 1250 })).toBe(true);
    expect(isDoubleTap(first, { at: { x: 110, y: 95 }, time: 1400 })).toBe(false);
    expect(isDoubleTap(first, { at: { x: 200, y: 100 }, time: 1100 })).toBe(false);
  });

  it('double-tap fits the width, and a second one goes back', () => {
    expect(doubleTapZoom(1, 0.62, undefined)).toBe(0.62);
    expect(doubleTapZoom(0.62, 0.62, 1)).toBe(1);
    // Opened fitted (a phone): no zoom before, so the page's own size.
    expect(doubleTapZoom(0.62, 0.62, undefined)).toBe(1);
    expect(doubleTapZoom(1.4, 0.62, 1)).toBe(0.62);
  });
});
