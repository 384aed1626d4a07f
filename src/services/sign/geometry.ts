/**
 * Signature boxes between the PDF and the screen (behaviour.md, "Signatures"). A box is kept in PDF points in the
 * page's user space (SignatureItem); the screen shows it in fractions of the page's displayed box,
 * which do not change with zoom, so an overlay sized in percentages stays glued to the page at
 * every scale and only rotation needs a new computation. This is the arithmetic of pdf.js's
 * PageViewport (`convertToViewportRectangle` / `convertToPdfPoint`) divided by the viewport's
 * size, kept here as plain functions so that it can be tested without pdf.js.
 */

/** A page's visible area in user space, as pdf.js's `page.view`: [x1, y1, x2, y2]. */
export type PageView = readonly [number, number, number, number];

/** A box in PDF user space: lower-left corner and size, in points. */
export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box in fractions of the displayed page (0..1), from its top-left corner. */
export interface FractionBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** 0, 90, 180 or 270 for any multiple of 90 (negative ones too). */
export function quarterTurns(degrees: number): 0 | 90 | 180 | 270 {
  const turns = (((Math.round(degrees / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return ([0, 90, 180, 270] as const)[turns];
}

/** A user-space point as fractions of the page displayed turned clockwise by `rotation`. */
export function toFractionPoint(
  [px, py]: readonly [number, number],
  view: PageView,
  rotation: number,
): [number, number] {
  const [x1, y1, x2, y2] = view;
  const u = (px - x1) / (x2 - x1);
  const v = (y2 - py) / (y2 - y1);
  switch (quarterTurns(rotation)) {
    case 0:
      return [u, v];
    case 90:
      return [1 - v, u];
    case 180:
      return [1 - u, 1 - v];
    case 270:
      return [v, 1 - u];
  }
}

/** The inverse of toFractionPoint. */
export function fromFractionPoint(
  [fx, fy]: readonly [number, number],
  view: PageView,
  rotation: number,
): [number, number] {
  const [x1, y1, x2, y2] = view;
  let u: number;
  let v: number;
  switch (quarterTurns(rotation)) {
    case 0:
      [u, v] = [fx, fy];
      break;
    case 90:
      [u, v] = [fy, 1 - fx];
      break;
    case 180:
      [u, v] = [1 - fx, 1 - fy];
      break;
    case 270:
      [u, v] = [1 - fy, fx];
      break;
  }
  return [x1 + u * (x2 - x1), y2 - v * (y2 - y1)];
}

export function toFractionBox(box: PdfBox, view: PageView, rotation: number): FractionBox {
  const [ax, ay] = toFractionPoint([box.x, box.y], view, rotation);
  const [bx, by] = toFractionPoint([box.x + box.width, box.y + box.height], view, rotation);
  return {
    left: Math.min(ax, bx),
    top: Math.min(ay, by),
    width: Math.abs(bx - ax),
    height: Math.abs(by - ay),
  };
}

export function fromFractionBox(box: FractionBox, view: PageView, rotation: number): PdfBox {
  const [ax, ay] = fromFractionPoint([box.left, box.top], view, rotation);
  const [bx, by] = fromFractionPoint([box.left + box.width, box.top + box.height], view, rotation);
  return {
    x: Math.min(ax, bx),
    y: Math.min(ay, by),
    width: Math.abs(bx - ax),
    height: Math.abs(by - ay),
  };
}

/** The page's displayed size in points (width, height) once turned by `rotation`. */
export function displayedSize(view: PageView, rotation: number): [number, number] {
  const width = view[2] - view[0];
  const height = view[3] - view[1];
  return quarterTurns(rotation) % 180 === 0 ? [width, height] : [height, width];
}

/**
 * A new signature of aspect `aspect` (width / height as drawn) centred on the user-space point
 * `centre`, upright on the page as its own /Rotate (`pageRotate`) shows it, `widthFraction` of
 * that displayed page wide (at most `maxHeightFraction` of it high: a tall drawing is made
 * smaller), and kept inside the page.
 */
export function boxAround(
  centre: readonly [number, number],
  aspect: number,
  view: PageView,
  pageRotate: number,
  widthFraction = 0.3,
  maxHeightFraction = 0.2,
): PdfBox {
  const [pageW, pageH] = displayedSize(view, pageRotate);
  let width = Math.min(widthFraction, 1);
  let height = (width * pageW) / aspect / pageH;
  if (height > maxHeightFraction) {
    width *= maxHeightFraction / height;
    height = maxHeightFraction;
  }
  const [cx, cy] = toFractionPoint(centre, view, pageRotate);
  const clampTo = (c: number, size: number) => Math.min(Math.max(c - size / 2, 0), 1 - size);
  const box = { left: clampTo(cx, width), top: clampTo(cy, height), width, height };
  return fromFractionBox(box, view, pageRotate);
}

/**
 * Where pdf-lib's `drawImage` puts an image so that it fills `box` and stands upright on a page
 * shown turned by `pageRotate` (its /Rotate): pdf-lib turns the image counterclockwise by
 * `rotate` around its anchor (x, y), so the anchor is the box corner the image's lower-left lands
 * on, and the image's own width and height swap for a quarter turn.
 */
export function stampPlacement(
  box: PdfBox,
  pageRotate: number,
): { x: number; y: number; width: number; height: number; rotate: number } {
  const { x, y, width: w, height: h } = box;
  switch (quarterTurns(pageRotate)) {
    case 0:
      return { x, y, width: w, height: h, rotate: 0 };
    case 90:
      return { x: x + w, y, width: h, height: w, rotate: 90 };
    case 180:
      return { x: x + w, y: y + h, width: w, height: h, rotate: 180 };
    case 270:
      return { x, y: y + h, width: h, height: w, rotate: 270 };
  }
}
