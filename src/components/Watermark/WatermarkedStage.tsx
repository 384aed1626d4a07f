import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../app';
import { selectWatermark } from '../../models/doc/selectors';
import { mountWatermark } from '../../services/watermark';

/** The class of the stage, the box that holds the pages (Viewer.css). */
const STAGE = 'folio-stage';

/**
 * The stage that holds the pages, under the facility's watermark when it gives one (behaviour.md,
 * "Watermark"; contracts §3 `watermarkInfo`): its overlay (services/watermark/overlay.ts) is
 * mounted in a layout effect, in the commit that inserts the pages and before the browser paints
 * them, so the pages never show without it. A watermark that arrives or changes later mounts a new
 * overlay over the same pages.
 */
export function WatermarkedStage({ children }: { children: ReactNode }) {
  const watermark = useAppSelector(selectWatermark);
  const stage = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (watermark === undefined || stage.current === null) return undefined;
    return mountWatermark(stage.current, watermark);
  }, [watermark]);
  return (
    <div ref={stage} className={watermark === undefined ? STAGE : `${STAGE} folio-watermarked`}>
      {children}
    </div>
  );
}
