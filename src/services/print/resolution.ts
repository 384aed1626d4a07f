/**
 * The print resolution (behaviour.md, "The facility's policy"): pages render at `dpi` (PRINT_DPI, 150 by default), unless the
 * page is so large that its canvas would pass the pixel budget; then the whole page renders at the
 * highest resolution within the budget (a poster prints softer rather than exhausting memory).
 */

/** PDF user space is 1/72 inch. */
export const POINTS_PER_INCH = 72;

export interface PrintRaster {
  /** pdf.js viewport scale: canvas pixels per PDF point. */
  scale: number;
  /** Canvas size in pixels (whole, at least 1). */
  width: number;
  height: number;
}

/** The canvas for a page of `widthPt` × `heightPt` at `dpi`, within `maxPixels` pixels. */
export function printRaster(
  widthPt: number,
  heightPt: number,
  dpi: number,
  maxPixels: number,
): PrintRaster {
  const wanted = dpi / POINTS_PER_INCH;
  const area = widthPt * heightPt;
  const budget = area > 0 ? Math.sqrt(maxPixels / area) : wanted;
  let scale = Math.min(wanted, budget);
  let width = Math.max(1, Math.floor(widthPt * scale));
  let height = Math.max(1, Math.floor(heightPt * scale));
  // A sliver page (1 pt × 10⁶ pt) floors to 1 px on one side; keep the product in budget anyway.
  while (width * height > maxPixels && scale > 0) {
    scale *= 0.99;
    width = Math.max(1, Math.floor(widthPt * scale));
    height = Math.max(1, Math.floor(heightPt * scale));
  }
  return { scale, width, height };
}
