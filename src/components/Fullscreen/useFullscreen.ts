import { useEffect } from 'react';
import type { RefObject } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models/doc';

/**
 * Model → browser: `showFullscreen` puts `target` (the whole viewer, so the watermark and the
 * signatures come along) into fullscreen and takes it out. A refusal (no user gesture, an iframe
 * without `allowfullscreen`) puts the model back.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>): void {
  const dispatch = useAppDispatch();
  const wanted = useAppSelector((state) => state.doc.showFullscreen);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    if (wanted && document.fullscreenElement !== element) {
      element.requestFullscreen().catch(() => {
        dispatch(docActions.cancelFullscreen());
      });
    } else if (!wanted && document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    }
  }, [wanted, target, dispatch]);
}
