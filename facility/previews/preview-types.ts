/**
 * Page previews (docs/server.md, "Page previews"; decision 2026-11-26-page-previews): what the
 * facility renders, shared by the server side (previews.ts) and the pool's thread
 * (preview-render.ts).
 */
import type { WatermarkInfo } from '../../src/domain/document.ts';

/**
 * The first pages only: a preview stands in for the pages a reader sees while pdf.js loads, and
 * ten cover a phone's or a desktop's first screens with room to scroll and turn pages; pdf.js has
 * long drawn the real pages by the time a reader gets further.
 */
export const PREVIEW_PAGES = 10;

/**
 * Widths in device pixels, ascending. The viewer takes the smallest one at least as wide as the
 * page it lays out: 240 and 480 thumbnails (1× and 2×); 960 a US Letter or A4 page at zoom 1 on a
 * 1× screen (816 and 794 px); 1440 a phone's fitted page at 3× (≈ 370 CSS px); 1920 zoom 1 at 2×.
 */
export const PREVIEW_WIDTHS: readonly number[] = [240, 480, 960, 1440, 1920];

/**
 * WebP quality: 50 blotches around glyphs, 70–90 look alike; 80 keeps a margin for small print,
 * 90 costs ≈ 20 % more bytes (the decision's table).
 */
export const PREVIEW_QUALITY = 80;

/**
 * A page whose preview would be larger than this (a very tall page at 1920 px) has none: its RGBA
 * canvas alone would take 4 bytes a pixel in the pool's thread (48 MB here).
 */
export const MAX_PREVIEW_PIXELS = 12_000_000;

/** One preview to draw in the pool: page `page` of the PDF `input`, written to `output`. */
export interface PreviewJob {
  input: string;
  /** Names the content of `input`: a thread keeps its last document open under it. */
  hash: string;
  /** 1-based. */
  page: number;
  /** Device pixels; the height follows the page's displayed aspect. */
  width: number;
  output: string;
  /** A view-only page's watermark, tiled over it at its on-screen size relative to the page. */
  watermark?: WatermarkInfo;
  /** Draw the page's annotations (the policy's showComment); default true. */
  comments?: boolean;
}
