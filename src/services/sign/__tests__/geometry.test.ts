import {
  boxAround,
  displayedSize,
  fromFractionBox,
  fromFractionPoint,
  quarterTurns,
  stampPlacement,
  toFractionBox,
  toFractionPoint,
} from '../geometry';
import type { PageView } from '../geometry';
import { signatureRect } from '../../print/layers';

/**
 * pdf.js's PageViewport transform (pdfjs-dist 6.5, display/page_viewport.js), transcribed: jest
 * cannot load pdf.js itself (contracts §7), and the overlay and the print layer must agree with it.
 */
function pdfjsViewport(viewBox: PageView, scale: number, rotation: 0 | 90 | 180 | 270) {
  const centerX = (viewBox[2] + viewBox[0]) / 2;
  const centerY = (viewBox[3] + viewBox[1]) / 2;
  const [rA, rB, rC, rD] = {
    0: [1, 0, 0, -1],
    90: [0, 1, 1, 0],
    180: [-1, 0, 0, 1],
    270: [0, -1, -1, 0],
  }[rotation] as [number, number, number, number];
  const quarter = rA === 0;
  const offsetX = Math.abs((quarter ? centerY - viewBox[1] : centerX - viewBox[0]) * scale);
  const offsetY = Math.abs((quarter ? centerX - viewBox[0] : centerY - viewBox[1]) * scale);
  const w = (viewBox[2] - viewBox[0]) * scale;
  const h = (viewBox[3] - viewBox[1]) * scale;
  return {
    width: quarter ? h : w,
    height: quarter ? w : h,
    transform: [
      rA * scale,
      rB * scale,
      rC * scale,
      rD * scale,
      offsetX - rA * scale * centerX - rC * scale * centerY,
      offsetY - rB * scale * centerX - rD * scale * centerY,
    ],
  };
}

/** A Letter page whose CropBox starts away from the origin, as many scanned PDFs do. */
const view: PageView = [20, 30, 632, 822];
const W = 612;
const H = 792;

describe('signature geometry (behaviour.md, "Signatures")', () => {
  it('reads any multiple of 90 as a quarter turn', () => {
    expect([0, 90, 180, 270, 360, -90, -270, 450].map(quarterTurns)).toEqual([
      0, 90, 180, 270, 0, 270, 90, 90,
    ]);
  });

  // The CropBox's top-left corner, the point a quarter in from its left and top, for each turn:
  // where they show on the page turned clockwise (pdf.js's viewport does the same).
  it.each([
    [0, [0, 0], [0.25, 0.25]],
    [90, [1, 0], [0.75, 0.25]],
    [180, [1, 1], [0.75, 0.75]],
    [270, [0, 1], [0.25, 0.75]],
  ] as const)('turned %i°: points land where the turned page shows them', (rotation, tl, q) => {
    expect(toFractionPoint([20, 822], view, rotation)).toEqual(tl);
    const quarter = toFractionPoint([20 + W / 4, 822 - H / 4], view, rotation);
    expect(quarter[0]).toBeCloseTo(q[0], 10);
    expect(quarter[1]).toBeCloseTo(q[1], 10);
  });

  it.each([0, 90, 180, 270])('turned %i°: points and boxes go there and back', (rotation) => {
    const point: [number, number] = [100.5, 700.25];
    const back = fromFractionPoint(toFractionPoint(point, view, rotation), view, rotation);
    expect(back[0]).toBeCloseTo(point[0], 9);
    expect(back[1]).toBeCloseTo(point[1], 9);
    const box = { x: 120, y: 80, width: 150, height: 50 };
    const again = fromFractionBox(toFractionBox(box, view, rotation), view, rotation);
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(again[key]).toBeCloseTo(box[key], 9);
  });

  it('a box keeps its size in points across turns, its sides swapped on a quarter turn', () => {
    const box = { x: 120, y: 80, width: 150, height: 50 };
    const upright = toFractionBox(box, view, 0);
    expect(upright.width * W).toBeCloseTo(150, 9);
    expect(upright.height * H).toBeCloseTo(50, 9);
    // Bottom-left on the page: 100 pt from the CropBox's left, 50 pt above its bottom.
    expect(upright.left * W).toBeCloseTo(100, 9);
    expect((1 - upright.top - upright.height) * H).toBeCloseTo(50, 9);
    const turned = toFractionBox(box, view, 90);
    const [dw, dh] = displayedSize(view, 90);
    expect([dw, dh]).toEqual([H, W]);
    expect(turned.width * dw).toBeCloseTo(50, 9);
    expect(turned.height * dh).toBeCloseTo(150, 9);
    // Turned clockwise, the page's bottom edge becomes its left edge.
    expect(turned.left * dw).toBeCloseTo(50, 9);
  });

  it('places a new signature centred on the point, upright, inside the page', () => {
    const box = boxAround([326, 426], 3, view, 0, 0.25);
    expect(box.width).toBeCloseTo(W * 0.25, 9);
    expect(box.height).toBeCloseTo((W * 0.25) / 3, 9);
    expect(box.x + box.width / 2).toBeCloseTo(326, 9);
    expect(box.y + box.height / 2).toBeCloseTo(426, 9);
    // On a page shown turned (its /Rotate is 90) the drawing's width runs along user-space y.
    const turned = boxAround([326, 426], 3, view, 90, 0.25);
    expect(turned.height).toBeCloseTo(H * 0.25, 9);
    expect(turned.width).toBeCloseTo((H * 0.25) / 3, 9);
    // A tall drawing is kept to a fifth of the page's height, its aspect kept.
    const tall = boxAround([326, 426], 0.5, view, 0, 0.3);
    expect(tall.height).toBeCloseTo(H * 0.2, 9);
    expect(tall.width / tall.height).toBeCloseTo(0.5, 9);
    // Near a corner it is pushed back inside.
    const corner = boxAround([25, 35], 3, view, 0, 0.25);
    expect(corner.x).toBeCloseTo(20, 9);
    expect(corner.y).toBeCloseTo(30, 9);
  });

  // pdf-lib draws the image turned counterclockwise by `rotate` around (x, y); the four corners of
  // the image's unit square must then cover exactly the box, whatever the page's /Rotate.
  it.each([0, 90, 180, 270])('stamps fill the box on a page with /Rotate %i', (pageRotate) => {
    const box = { x: 120, y: 80, width: 150, height: 50 };
    const p = stampPlacement(box, pageRotate);
    const rad = (p.rotate * Math.PI) / 180;
    const corners = [
      [0, 0],
      [p.width, 0],
      [0, p.height],
      [p.width, p.height],
    ].map(([cx = 0, cy = 0]) => [
      p.x + cx * Math.cos(rad) - cy * Math.sin(rad),
      p.y + cx * Math.sin(rad) + cy * Math.cos(rad),
    ]);
    const xs = corners.map(([x = 0]) => x);
    const ys = corners.map(([, y = 0]) => y);
    expect(Math.min(...xs)).toBeCloseTo(120, 9);
    expect(Math.max(...xs)).toBeCloseTo(270, 9);
    expect(Math.min(...ys)).toBeCloseTo(80, 9);
    expect(Math.max(...ys)).toBeCloseTo(130, 9);
    // The image's up (its local +y) points to the top of the page as /Rotate shows it: turning
    // it clockwise by the page's /Rotate makes it point up on screen.
    const up = [-Math.sin(rad), Math.cos(rad)];
    const shown = (pageRotate * Math.PI) / 180;
    const screenUp = [
      (up[0] ?? 0) * Math.cos(-shown) - (up[1] ?? 0) * Math.sin(-shown),
      (up[0] ?? 0) * Math.sin(-shown) + (up[1] ?? 0) * Math.cos(-shown),
    ];
    expect(screenUp[0]).toBeCloseTo(0, 9);
    expect(screenUp[1]).toBeCloseTo(1, 9);
  });

  // The screen (fractions of the page element) and print (pdf.js's viewport onto the canvas)
  // put a signature at the same place for every rotation, CropBox origin included.
  it.each([0, 90, 180, 270] as const)('agrees with pdf.js’s viewport turned %i°', (rotation) => {
    const box = { x: 120, y: 80, width: 150, height: 50 };
    const viewport = pdfjsViewport(view, 2.5, rotation);
    const [x, y, w, h] = signatureRect(box, viewport);
    const f = toFractionBox(box, view, rotation);
    expect(x).toBeCloseTo(f.left * viewport.width, 6);
    expect(y).toBeCloseTo(f.top * viewport.height, 6);
    expect(w).toBeCloseTo(f.width * viewport.width, 6);
    expect(h).toBeCloseTo(f.height * viewport.height, 6);
  });
});
