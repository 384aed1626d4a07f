import { pageSizeAt, thumbSize, THUMB_MAX_HEIGHT, THUMB_WIDTH } from '../thumbnailGeometry';

const A4 = { width: 595, height: 842 };
const A4_LANDSCAPE = { width: 842, height: 595 };

describe('thumbnail sizes', () => {
  it.each([
    ['A4 portrait', A4, 0, { width: THUMB_WIDTH, height: 170 }],
    ['A4 landscape', A4_LANDSCAPE, 0, { width: THUMB_WIDTH, height: 85 }],
    ['A4 portrait turned 90°', A4, 90, { width: THUMB_WIDTH, height: 85 }],
    ['A4 portrait turned -90°', A4, -90, { width: THUMB_WIDTH, height: 85 }],
    ['A4 portrait turned 180°', A4, 180, { width: THUMB_WIDTH, height: 170 }],
    ['a square', { width: 300, height: 300 }, 0, { width: THUMB_WIDTH, height: THUMB_WIDTH }],
    [
      'a very tall page: capped height, narrower',
      { width: 100, height: 1000 },
      0,
      { width: 24, height: THUMB_MAX_HEIGHT },
    ],
    [
      'an absurdly wide page keeps a clickable height',
      { width: 100000, height: 1 },
      0,
      { width: THUMB_WIDTH, height: 8 },
    ],
  ])('%s', (_name, size, rotation, expected) => {
    expect(thumbSize(size, rotation)).toEqual(expected);
  });
});

describe('page sizes for the thumbnails', () => {
  it("takes pdf.js's measurement first, then the facility's, then the page before", () => {
    const measured = { 0: A4_LANDSCAPE };
    const announced = [A4, A4, { width: -1, height: 5 }];
    expect(pageSizeAt(0, measured, announced, undefined)).toEqual(A4_LANDSCAPE);
    expect(pageSizeAt(1, measured, announced, A4_LANDSCAPE)).toEqual(A4);
    expect(pageSizeAt(2, measured, announced, A4_LANDSCAPE)).toEqual(A4_LANDSCAPE);
    expect(pageSizeAt(5, {}, [], undefined)).toEqual({ width: 612, height: 792 });
  });
});
