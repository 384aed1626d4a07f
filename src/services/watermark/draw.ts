/**
 * The watermark burned into pixels (behaviour.md, "Print"; the signed copy, "Signatures"; a
 * view-only page drawn on the server, docs/server.md "View only"): the
 * same tile as on screen (tile.ts), repeated over the whole canvas from its top-left corner.
 */
import type { WatermarkInfo } from '../../domain/document';
import { watermarkTile } from './tile.ts';
import type { CanvasMaker } from './tile.ts';

/**
 * Tiles `info`'s text over `width` × `height` canvas pixels. `ratio` is canvas pixels per CSS
 * pixel of the page at 100 % zoom, so the text keeps its on-screen size relative to the page.
 */
export function drawWatermark(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  info: WatermarkInfo,
  ratio: number,
  makeCanvas?: CanvasMaker,
): void {
  const tile = watermarkTile(info, ratio, makeCanvas);
  if (!tile) return;
  const pattern = ctx.createPattern(tile.canvas, 'repeat');
  if (pattern) {
    ctx.save();
    ctx.fillStyle = pattern;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  }
  tile.canvas.width = 0;
  tile.canvas.height = 0;
}
