/**
 * The on-screen watermark (behaviour.md, "Watermark"): an overlay over a box, its background the
 * tile (tile.ts) repeated, above every page at any zoom, rotation and scroll (the overlay does not
 * scroll; the pages pass under it), with pointer events off so reading is untouched. The first
 * frame and the React viewer both mount it, from the same inputs to the same bytes, so the
 * handover between them shows no change (docs/decisions/2026-11-26-one-watermark.md).
 *
 * Framework-free and light: the first frame's tiny entry bundles it before React and antd load.
 */
import type { WatermarkInfo } from '../../domain/document';
import { watermarkTile } from './tile';

/** Above the pages and their layers, below popups (antd's Watermark: `zIndexPopupBase` - 1). */
const OVERLAY_Z_INDEX = 999;

/** The overlay's whole `style` attribute for a tile, as antd's Watermark writes its own. */
function overlayStyle(image: string, width: number, height: number): string {
  return [
    `z-index: ${String(OVERLAY_Z_INDEX)};`,
    'position: absolute;',
    'inset: 0px;',
    'pointer-events: none;',
    `background-image: url("${image}");`,
    `background-size: ${String(width)}px ${String(height)}px;`,
    'background-repeat: repeat;',
    'background-position: 0px 0px;',
    // A page's stylesheet, or a browser's "hide element", must not hide it either.
    'display: block !important;',
    'visibility: visible !important;',
    'opacity: 1 !important;',
  ].join(' ');
}

/**
 * Appends `info`'s watermark over `host`, a positioned box (the overlay is `inset: 0` in it), drawn
 * at the device pixel ratio. It puts itself back when it is removed, moved, restyled or given any
 * other attribute (`hidden`, a class), as antd's does. Returns what takes it away for good.
 * Nothing is mounted for an empty text.
 */
export function mountWatermark(host: HTMLElement, info: WatermarkInfo): () => void {
  const tile = watermarkTile(info, window.devicePixelRatio || 1);
  if (!tile) return () => undefined;
  const style = overlayStyle(tile.canvas.toDataURL('image/png'), tile.width, tile.height);
  // The data URL holds the pixels: the canvas's memory can go.
  tile.canvas.width = 0;
  tile.canvas.height = 0;

  const overlay = document.createElement('div');
  const restore = () => {
    for (const name of overlay.getAttributeNames())
      if (name !== 'style') overlay.removeAttribute(name);
    if (overlay.getAttribute('style') !== style) overlay.setAttribute('style', style);
    if (overlay.parentNode !== host) host.append(overlay);
  };
  restore();
  // Only the host's own children and the overlay's attributes: the pages below change constantly
  // and are not watched (antd's observer watched the whole subtree).
  const observer = new MutationObserver(restore);
  observer.observe(host, { childList: true });
  observer.observe(overlay, { attributes: true });
  return () => {
    observer.disconnect();
    overlay.remove();
  };
}
