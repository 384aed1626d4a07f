import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, RefObject } from 'react';
import { useAppSelector } from '../../app';
import type { PageSize } from '../../domain/document';
import { cssPageBox } from '../../services/pdf/layout';
import { replaceFirstFrameWith } from '../../boot/firstFrame/replaced';
import { usePagePreview } from './usePagePreview';

/** More placeholders than this would only cost layout time before pdf.js takes over. */
const MAX_PLACEHOLDERS = 50;

interface SkeletonProps {
  sizes: readonly PageSize[];
  zoom: number;
  rotate: number;
  /** One page at a time (the phone's page mode): only this page, where pdf.js will show it. */
  only?: number;
  /**
   * pdf.js has laid its pages out beneath: the placeholders turn clear, and a preview stays only
   * over a page pdf.js has not drawn yet (`drawn`), so it is replaced without a flash.
   */
  over: boolean;
  drawn: readonly number[];
}

/**
 * Page-sized placeholders from the facility's `pageSize`, where pdf.js will put its pages, so the
 * layout does not jump when they arrive; each holds the facility's preview of its page when there
 * is one (contracts §3 `previews`, docs/architecture.md, "Page previews").
 */
export function PageSkeleton({ sizes, zoom, rotate, only, over, drawn }: SkeletonProps) {
  const previews = useAppSelector((s) => s.doc.docData.previews);
  const pages = sizes
    .slice(0, MAX_PLACEHOLDERS)
    .map((size, index) => ({ size, page: index + 1 }))
    .filter(({ page }) => only === undefined || page === only);
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeenPages(ref, previews !== undefined, pages.map(({ page }) => page).join());
  return (
    <div
      ref={ref}
      className={`folio-skeleton${over ? ' folio-skeleton-over' : ''}`}
      aria-hidden="true"
    >
      {pages.map(({ size, page }) => (
        <div
          key={page}
          className="folio-skeleton-page"
          data-skeleton-page={page}
          style={cssPageBox(size, zoom, rotate)}
        >
          {previews && page <= previews.pages && !drawn.includes(page) && seen(page) && (
            <PagePreview page={page} size={size} zoom={zoom} rotate={rotate} />
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * Only placeholders in view have their previews fetched: one more image is bytes the PDF's own
 * ranges wait behind on a slow link.
 */
const PREVIEW_MARGIN = '0px';

/**
 * Whether placeholder `page` has come into view: only those previews are fetched, so the images
 * never compete with the PDF's own bytes for pages the reader has not scrolled to. Without
 * IntersectionObserver every page counts as seen.
 */
function useSeenPages(
  ref: RefObject<HTMLDivElement | null>,
  active: boolean,
  /** The placeholders rendered, as a key: a new one is observed too. */
  shown: string,
): (page: number) => boolean {
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const observing = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const root = ref.current;
    if (!active || !observing || !root) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const pages = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => Number((entry.target as HTMLElement).dataset.skeletonPage));
        setSeen((before) => {
          const after = new Set([...before, ...pages]);
          return after.size === before.size ? before : after;
        });
      },
      { rootMargin: PREVIEW_MARGIN },
    );
    root.querySelectorAll('[data-skeleton-page]').forEach((placeholder) => {
      observer.observe(placeholder);
    });
    return () => {
      observer.disconnect();
    };
  }, [ref, active, observing, shown]);
  return (page) => !observing || seen.has(page);
}

interface PreviewProps {
  page: number;
  size: PageSize;
  zoom: number;
  rotate: number;
}

/**
 * The page's preview at the width it shows at, turned with the view. Not a saveable picture: it
 * takes no pointer events (no context menu or drag of its own), under the stage's watermark and
 * anti-copy like the canvas that replaces it.
 */
function PagePreview({ page, size, zoom, rotate }: PreviewProps) {
  const upright = cssPageBox(size, zoom, 0);
  const src = usePagePreview(page, upright.width);
  if (src === undefined) return null;
  const style: CSSProperties = {
    width: upright.width,
    height: upright.height,
    transform: `translate(-50%, -50%) rotate(${String(rotate)}deg)`,
  };
  return (
    <img
      className="folio-preview"
      src={src}
      alt=""
      draggable={false}
      data-preview-page={page}
      // The Element Timing API reports when it is painted (the bench's first page pixels).
      {...{ elementtiming: 'folio-preview' }}
      style={style}
      onLoad={(event) => {
        if (page === 1) replaceFirstFrameWith(event.currentTarget);
      }}
    />
  );
}
