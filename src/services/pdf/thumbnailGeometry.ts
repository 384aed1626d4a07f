import type { PageSize } from '../../domain/document';
/**
 * Thumbnail sizes from page sizes, before any page is loaded: the panel lays every thumbnail out
 * at its final size at once, so nothing jumps when pictures arrive and the scroll position of a
 * page is known without drawing it.
 */

/** CSS pixels: the widest a thumbnail gets, and the tallest (a very tall page gets narrower). */
export const THUMB_WIDTH = 120;
export const THUMB_MAX_HEIGHT = 240;
/** The smallest side, so an absurd page (100000 × 1) still leaves something to click. */
const THUMB_MIN_SIDE = 8;

/** US Letter, for a page whose size nobody knows yet. */
const FALLBACK: PageSize = { width: 612, height: 792 };

function validSize(size: PageSize | undefined): size is PageSize {
  return (
    size !== undefined &&
    Number.isFinite(size.width) &&
    Number.isFinite(size.height) &&
    size.width > 0 &&
    size.height > 0
  );
}

/**
 * The size of page `index` (0-based) as displayed with its own /Rotate: pdf.js's measurement when
 * the engine has it, else the facility's, else the nearest page before it that has one.
 */
export function pageSizeAt(
  index: number,
  measured: Readonly<Record<number, PageSize>>,
  announced: readonly PageSize[],
  previous: PageSize | undefined,
): PageSize {
  const own = measured[index];
  if (validSize(own)) return own;
  const facility = announced[index];
  if (validSize(facility)) return facility;
  return previous ?? FALLBACK;
}

/** A thumbnail's CSS size for a page of `size` turned by the model's `rotation`. */
export function thumbSize(size: PageSize, rotation: number): { width: number; height: number } {
  const quarter = (((rotation % 360) + 360) % 360) % 180 === 90;
  const width = quarter ? size.height : size.width;
  const height = quarter ? size.width : size.height;
  const scale = Math.min(THUMB_WIDTH / width, THUMB_MAX_HEIGHT / height);
  return {
    width: Math.max(THUMB_MIN_SIDE, Math.round(width * scale)),
    height: Math.max(THUMB_MIN_SIDE, Math.round(height * scale)),
  };
}
