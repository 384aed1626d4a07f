import type { WatermarkInfo } from '../../domain/document';
/**
 * The watermark burned into each printed page (behaviour.md, "The facility's policy"): the same text, font size, colour (its
 * alpha is the opacity), angle and gap as the on-screen antd `Watermark`, laid out as antd lays it
 * out — each tile holds the rotated text once and twice more half a row lower, a gap apart — and
 * tiled over the whole page image. Text is drawn as text: HTML in it is never parsed.
 */

/**
 * antd's own defaults for what `watermarkInfo` leaves out (Watermark: `rotate` -22, `gap`
 * [100, 100]; theme tokens `fontSizeLG` 16 and `colorFill`), so print matches the screen.
 */
export const WATERMARK_DEFAULTS = {
  fontSize: 16,
  color: 'rgba(0, 0, 0, 0.15)',
  rotate: -22,
  gap: [100, 100] as const,
  fontFamily: 'sans-serif',
};

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
): void {
  const text = info.text ?? '';
  if (text === '') return;
  const fontSize = (info.fontSize ?? WATERMARK_DEFAULTS.fontSize) * ratio;
  const [gapX, gapY] = (info.gap ?? WATERMARK_DEFAULTS.gap).map((gap) => gap * ratio);
  const angle = (Math.PI / 180) * (info.rotate ?? WATERMARK_DEFAULTS.rotate);
  const font = `normal normal 400 ${String(fontSize)}px ${WATERMARK_DEFAULTS.fontFamily}`;

  ctx.font = font;
  const metrics = ctx.measureText(text);
  const markWidth = Math.ceil(metrics.width);
  const markHeight = Math.ceil(
    metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent || fontSize * 1.2,
  );
  // The rotated text's bounding box, as antd cuts it.
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const cutWidth = markWidth * cos + markHeight * sin;
  const cutHeight = markWidth * sin + markHeight * cos;
  if (cutWidth <= 0 || cutHeight <= 0) return;

  const tile = document.createElement('canvas');
  tile.width = Math.max(1, Math.ceil((cutWidth + gapX) * 2));
  tile.height = Math.max(1, Math.ceil(cutHeight + gapY));
  const tileCtx = tile.getContext('2d');
  if (!tileCtx) return;
  const stamp = (left: number, top: number) => {
    tileCtx.save();
    tileCtx.translate(left + cutWidth / 2, top + cutHeight / 2);
    tileCtx.rotate(angle);
    tileCtx.font = font;
    tileCtx.fillStyle = info.color ?? WATERMARK_DEFAULTS.color;
    tileCtx.textAlign = 'center';
    tileCtx.textBaseline = 'middle';
    tileCtx.fillText(text, 0, 0);
    tileCtx.restore();
  };
  stamp(0, 0);
  stamp(cutWidth + gapX, -cutHeight / 2 - gapY / 2);
  stamp(cutWidth + gapX, cutHeight / 2 + gapY / 2);

  const pattern = ctx.createPattern(tile, 'repeat');
  if (pattern) {
    ctx.save();
    ctx.fillStyle = pattern;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  }
  tile.width = 0;
  tile.height = 0;
}
