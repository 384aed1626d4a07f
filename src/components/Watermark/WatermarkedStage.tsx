import { Watermark } from 'antd';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../app';
import { selectWatermark } from '../../models/doc/selectors';

/** The class of the stage, the box that holds the pages (Viewer.css). */
const STAGE = 'folio-stage';

/**
 * The stage that holds the pages, under the facility's watermark when it gives one (issue 5,
 * DESIGN §3 `watermarkInfo`). antd's Watermark draws the text into a canvas and tiles it as the
 * background image of an overlay over the whole stage: above every page at any zoom, rotation and
 * scroll position (the overlay does not scroll; the pages pass under it), with pointer events off
 * so reading is untouched. It is tamper-resistant: removing the overlay or changing its style
 * brings it back. The text is drawn as text, so HTML in it is shown literally, never parsed.
 *
 * Fullscreen must be asked of this stage or an ancestor, or the overlay is left behind.
 * Without a watermark the stage is a plain box (antd's observer watches the whole subtree; the
 * pages change often), so a watermark that appears later remounts the pages once.
 */
export function WatermarkedStage({ children }: { children: ReactNode }) {
  const watermark = useAppSelector(selectWatermark);
  if (watermark === undefined) return <div className={STAGE}>{children}</div>;
  const { text, fontSize, color, rotate, gap } = watermark;
  return (
    <Watermark
      className={`${STAGE} folio-watermarked`}
      content={text}
      rotate={rotate}
      gap={gap ? [gap[0], gap[1]] : undefined}
      font={{ fontSize, color }}
    >
      {children}
    </Watermark>
  );
}
