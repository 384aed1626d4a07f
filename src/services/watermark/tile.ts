/**
 * The watermark's tile (behaviour.md, "The facility's policy", contracts §3 `watermarkInfo`): the
 * one painter behind the on-screen overlay, the first frame and print
 * (docs/decisions/2026-11-26-one-watermark.md). Laid out as antd's Watermark lays it out, so the
 * look readers and facilities know is kept: the text rotated, once in the tile's left half and
 * twice more in its right half, half a row lower (cut by the tile's top and bottom edges, so the
 * repeat joins them), a gap apart. Text is drawn as text: HTML in it is never parsed.
 *
 * Framework-free and light: the first frame's tiny entry bundles it before React and antd load, and
 * the server draws view-only pages' watermark with it (facility/previews/preview-render.ts).
 */
import type { WatermarkInfo } from '../../domain/document';

/**
 * antd's own defaults for what `watermarkInfo` leaves out (Watermark: `rotate` -22, `gap`
 * [100, 100]; theme tokens `fontSizeLG` 16 and `colorFill`), so documents look as they did.
 */
export const WATERMARK_DEFAULTS = {
  fontSize: 16,
  color: 'rgba(0, 0, 0, 0.15)',
  rotate: -22,
  gap: [100, 100] as const,
  fontFamily: 'sans-serif',
};

/**
 * The most canvas pixels a tile may have (4 MP, 16 MB). A facility's absurd font size draws a
 * coarser tile of the same CSS size rather than exhausting the canvas budget or being left out.
 */
const MAX_TILE_PIXELS = 4_000_000;

export interface WatermarkTile {
  /** The tile, `ratio` canvas pixels per CSS pixel (less only past MAX_TILE_PIXELS). */
  canvas: HTMLCanvasElement;
  /** The tile's size in CSS pixels: the period of its repeat. */
  width: number;
  height: number;
}

function canvasFont(fontSize: number): string {
  return `normal normal 400 ${String(fontSize)}px ${WATERMARK_DEFAULTS.fontFamily}`;
}

/** A finite number, or the default (a hostile or broken answer must not turn the mark off). */
function finite(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

/** Makes a blank canvas: the page's own by default; the server's (@napi-rs/canvas) draws the same. */
export type CanvasMaker = () => HTMLCanvasElement;

const domCanvas: CanvasMaker = () => document.createElement('canvas');

/**
 * The tile for `info` at `ratio` canvas pixels per CSS pixel (the device pixel ratio on screen, the
 * print scale in print); undefined when there is no text to draw.
 */
export function watermarkTile(
  info: WatermarkInfo,
  ratio: number,
  makeCanvas: CanvasMaker = domCanvas,
): WatermarkTile | undefined {
  const text = info.text ?? '';
  if (text === '') return undefined;
  const fontSize = Math.max(1, finite(info.fontSize, WATERMARK_DEFAULTS.fontSize));
  const gapX = Math.max(0, finite(info.gap?.[0], WATERMARK_DEFAULTS.gap[0]));
  const gapY = Math.max(0, finite(info.gap?.[1], WATERMARK_DEFAULTS.gap[1]));
  const angle = (Math.PI / 180) * finite(info.rotate, WATERMARK_DEFAULTS.rotate);

  const canvas = makeCanvas();
  const measure = canvas.getContext('2d');
  if (!measure) return undefined;
  // antd measures at the CSS size and rounds up: the text's box, CSS pixels.
  measure.font = canvasFont(fontSize);
  const metrics = measure.measureText(text);
  const markWidth = Math.ceil(metrics.width);
  const markHeight =
    Math.ceil(metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent) ||
    Math.ceil(fontSize * 1.2);
  if (markWidth <= 0) return undefined;
  // The rotated box's bounds, where antd cuts the rotated text; the tile is two of them wide plus
  // two gaps, one of them plus a gap high.
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const cutWidth = markWidth * cos + markHeight * sin;
  const cutHeight = markWidth * sin + markHeight * cos;
  const cssWidth = (cutWidth + gapX) * 2;
  const cssHeight = cutHeight + gapY;

  const safeRatio = Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
  const scale = Math.min(safeRatio, Math.sqrt(MAX_TILE_PIXELS / (cssWidth * cssHeight)));
  // Whole canvas pixels (rounded down at the budget); the stamps sit at exact halves of them so
  // the repeat joins seamlessly.
  const whole = scale < safeRatio ? Math.floor : Math.round;
  canvas.width = Math.max(1, whole(cssWidth * scale));
  canvas.height = Math.max(1, whole(cssHeight * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  ctx.font = canvasFont(fontSize * scale);
  ctx.fillStyle = info.color ?? WATERMARK_DEFAULTS.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  // Each stamp is the text centred in its cut box, its top at the top of the text's box (as antd
  // draws it into its own canvas before rotating).
  const stamp = (left: number, top: number) => {
    ctx.save();
    ctx.translate(left + (cutWidth * scale) / 2, top + (cutHeight * scale) / 2);
    ctx.rotate(angle);
    ctx.fillText(text, 0, (-markHeight * scale) / 2);
    ctx.restore();
  };
  stamp(0, 0);
  stamp(canvas.width / 2, -canvas.height / 2);
  stamp(canvas.width / 2, canvas.height / 2);
  return { canvas, width: canvas.width / scale, height: canvas.height / scale };
}
