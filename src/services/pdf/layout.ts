/**
 * Where pdf.js will put a page, known before pdf.js has loaded (from the facility's page sizes):
 * the placeholders, the previews and the phone's fitted zoom use it, so nothing moves when pdf.js
 * lays the pages out.
 */
import type { PageSize } from '../../domain/document';

/** pdf.js lays out 1 PDF point as 96/72 CSS pixels at scale 1. */
export const CSS_PER_POINT = 96 / 72;
/**
 * pdf.js's page box (pdf_viewer.css `--page-margin: 1px auto -8px`, `--page-border` 9 px
 * transparent): neighbouring pages overlap their borders by 7 px. PdfView.css lays out the
 * placeholders with the same values.
 */
export const PAGE_MARGIN_TOP_PX = 1;
export const PAGE_MARGIN_BOTTOM_PX = -8;
export const PAGE_BORDER_WIDTH_PX = 9;
/** Both sides' borders. */
const PAGE_BORDER_PX = 2 * PAGE_BORDER_WIDTH_PX;

function turned(rotate: number): boolean {
  return Math.abs(rotate) % 180 === 90;
}

/** Below a pixel's rounding: 612 pt at 100 % is 816 px, not 815.9999. */
const EPSILON = 1e-6;

/**
 * A page's box in CSS pixels at `zoom`, turned by `rotate` degrees, as pdf.js lays it out: rounded
 * down to whole pixels (its `setLayerDimensions`, `round(down, …, 1px)`).
 */
export function cssPageBox(
  size: PageSize,
  zoom: number,
  rotate: number,
): { width: number; height: number } {
  const width = Math.floor(size.width * zoom * CSS_PER_POINT + EPSILON);
  const height = Math.floor(size.height * zoom * CSS_PER_POINT + EPSILON);
  return turned(rotate) ? { width: height, height: width } : { width, height };
}

/**
 * The zoom at which a page of `size` (PDF points), turned by `rotate`, fills `containerWidth`, in
 * the model's 2 decimals rounded down (rounding up would leave pixels to pan sideways). Before
 * pdf.js lays out, from the facility's page size; the engine measures its own pages after.
 */
export function fitWidthZoom(containerWidth: number, size: PageSize, rotate: number): number {
  const width = (turned(rotate) ? size.height : size.width) * CSS_PER_POINT;
  return Math.floor(((containerWidth - PAGE_BORDER_PX) / width) * 100) / 100;
}

/** Degrees for pdf.js: the model keeps (-360, 360), pdf.js wants 0, 90, 180 or 270. */
export function normaliseRotation(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}
