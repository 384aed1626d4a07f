import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../app';
import { selectWatermark } from '../../models/doc/selectors';

/** The class of the stage, the box that holds the pages (Viewer.css). */
const STAGE = 'folio-stage';

// In the viewer's chunk (eager), but evaluated only for a document with a watermark.
const WatermarkLayer = lazy(() =>
  import(/* webpackMode: "eager" */ './WatermarkLayer').then((m) => ({
    default: m.WatermarkLayer,
  })),
);

/**
 * The stage that holds the pages, under the facility's watermark when it gives one (behaviour.md, "The facility's policy",
 * contracts §3 `watermarkInfo`; WatermarkLayer says how). Without a watermark the stage is a plain
 * box (antd's observer watches the whole subtree; the pages change often), so a watermark that
 * appears later remounts the pages once. With one, the pages wait for antd's Watermark: they never
 * show without it.
 */
export function WatermarkedStage({ children }: { children: ReactNode }) {
  const watermark = useAppSelector(selectWatermark);
  if (watermark === undefined) return <div className={STAGE}>{children}</div>;
  return (
    <Suspense>
      <WatermarkLayer watermark={watermark} className={`${STAGE} folio-watermarked`}>
        {children}
      </WatermarkLayer>
    </Suspense>
  );
}
