import { useLayoutEffect } from 'react';
import { FIRST_FRAME_ID, replaceFirstFrame } from './handover';

/**
 * The first frame (src/boot/firstFrame/) may be drawing page 1 over the app. What the app shows instead
 * of the pages (an error, a conversion's progress, a password prompt, the empty state) takes it
 * away in the same commit; the pages themselves do once they show (PdfView).
 */
export function useFirstFrameReplaced(when = true): void {
  useLayoutEffect(() => {
    if (when) replaceFirstFrame();
  }, [when]);
}

/**
 * Page 1's own preview has loaded in the app: the first frame goes once that image is decoded
 * and about to be painted, so the page never blinks (both show the same picture in the same place).
 */
export function replaceFirstFrameWith(image: HTMLImageElement): void {
  if (document.getElementById(FIRST_FRAME_ID) === null) {
    // None drawn (yet): none will be.
    replaceFirstFrame();
    return;
  }
  image
    .decode()
    .catch(() => undefined)
    .then(() => {
      requestAnimationFrame(replaceFirstFrame);
    })
    .catch(() => undefined);
}
