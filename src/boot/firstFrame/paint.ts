/**
 * Draws the first frame (docs/decisions/2026-11-26-first-frame.md): the stage between the bars,
 * with page 1's preview (or the boot's stage's canvas, docs/decisions/2026-12-07-boot-draws-page-one.md)
 * and the placeholders in view where PdfView will put them, under the facility's watermark, as
 * one element over the app until the app hands over (handover.ts).
 */
import { mountWatermark } from '../../services/watermark/overlay';
import { FIRST_FRAME_ID } from './handover';
import type { FirstFrameLayout } from './plan';

function px(value: number): string {
  return `${String(value)}px`;
}

/**
 * `page1` is page 1's preview, already decoded, or the stage's canvas. The frame takes no pointer
 * events and no selection: a long press or a right click finds no picture to save (anti-copy), and
 * nothing the reader does is lost, as the app underneath is not yet listening either.
 */
export function paintFirstFrame(
  plan: FirstFrameLayout,
  page1: HTMLImageElement | HTMLCanvasElement,
): HTMLElement {
  const frame = document.createElement('div');
  frame.id = FIRST_FRAME_ID;
  if (page1 instanceof HTMLCanvasElement) frame.dataset.drawnPage = '1';
  frame.setAttribute('aria-hidden', 'true');
  Object.assign(frame.style, {
    position: 'fixed',
    left: '0',
    right: '0',
    top: px(plan.top),
    bottom: px(plan.bottom),
    overflow: 'hidden',
    background: 'var(--folio-pages-background)',
    pointerEvents: 'none',
    userSelect: 'none',
    // Over the app's stage and its watermark (999), under antd's popups (1000 and up).
    zIndex: '999',
  });
  plan.pages.forEach((box, index) => {
    const page = document.createElement('div');
    Object.assign(page.style, {
      position: 'absolute',
      left: px(box.left),
      top: px(box.top),
      width: px(box.width),
      height: px(box.height),
      overflow: 'hidden',
      background: '#fff',
    });
    if (index === 0) {
      if (page1 instanceof HTMLImageElement) {
        page1.alt = '';
        page1.draggable = false;
        // The Element Timing API reports when it is painted (the bench's first page pixels).
        page1.setAttribute('elementtiming', 'folio-preview');
        page1.dataset.previewPage = '1';
      }
      Object.assign(page1.style, { display: 'block', width: '100%', height: '100%' });
      page.append(page1);
    }
    frame.append(page);
  });
  // Nothing is mounted for an empty text (overlay.ts).
  mountWatermark(frame, plan.watermark);
  document.body.append(frame);
  return frame;
}
