/**
 * The first frame hands over to the app (docs/decisions/2026-11-26-first-frame.md): whatever the
 * app shows in the pages' place (page 1's own preview, pdf.js's page, or why the document cannot
 * show) takes the first frame away, and a first frame that has not been drawn yet never will be.
 * The two sides are separate scripts: they meet on `window` and the element's id.
 */
import { dropDecodedPreview } from '../../services/earlyAnswer';

export const FIRST_FRAME_ID = 'folio-first-frame';

declare global {
  interface Window {
    /** Set by the app once it shows the document, or why it cannot. */
    folioFirstFrameReplaced?: boolean;
    /**
     * Set by the boot (src/boot/start.ts): runs the app's scripts, which it holds while page 1's
     * preview is on its way (once only; it also runs them itself after a grace period).
     */
    folioStartApp?: () => void;
  }
}

/**
 * The first frame holds page 1 drawn by pdf.js (the boot's stage, paint.ts): it stays until the
 * viewer's own page 1 is drawn, not only laid out (docs/decisions/2026-12-07-boot-draws-page-one.md).
 */
export function firstFrameHoldsDrawnPage(): boolean {
  return document.getElementById(FIRST_FRAME_ID)?.dataset.drawnPage === '1';
}

export function isFirstFrameReplaced(): boolean {
  return window.folioFirstFrameReplaced === true;
}

export function replaceFirstFrame(): void {
  window.folioFirstFrameReplaced = true;
  dropDecodedPreview();
  document.getElementById(FIRST_FRAME_ID)?.remove();
}
