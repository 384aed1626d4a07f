import { Watermark } from 'antd';
import type { ReactNode } from 'react';
import type { WatermarkInfo } from '../../domain/document';

/**
 * The facility's watermark (behaviour.md, "The facility's policy", contracts §3 `watermarkInfo`) over the stage. antd's Watermark
 * draws the text into a canvas and tiles it as the background image of an overlay over the whole
 * stage: above every page at any zoom, rotation and scroll position (the overlay does not scroll;
 * the pages pass under it), with pointer events off so reading is untouched. It is
 * tamper-resistant: removing the overlay or changing its style brings it back. The text is drawn
 * as text, so HTML in it is shown literally, never parsed.
 *
 * Fullscreen must be asked of this stage or an ancestor, or the overlay is left behind.
 */
export function WatermarkLayer({
  watermark,
  className,
  children,
}: {
  watermark: WatermarkInfo;
  className: string;
  children: ReactNode;
}) {
  const { text, fontSize, color, rotate, gap } = watermark;
  return (
    <Watermark
      className={className}
      content={text}
      rotate={rotate}
      gap={gap ? [gap[0], gap[1]] : undefined}
      font={{ fontSize, color }}
    >
      {children}
    </Watermark>
  );
}
