import type { PageSize } from '../../models/doc/state';

/** pdf.js lays out 1 PDF point as 96/72 CSS pixels at scale 1. */
const CSS_PER_POINT = 96 / 72;
/** More placeholders than this would only cost layout time before pdf.js takes over. */
const MAX_PLACEHOLDERS = 50;

/**
 * Page-sized placeholders from the facility's `pageSize` while pdf.js opens the document, so the
 * layout does not jump when the first page arrives.
 */
export function PageSkeleton({ sizes, zoom }: { sizes: readonly PageSize[]; zoom: number }) {
  return (
    <div className="folio-skeleton" aria-hidden="true">
      {sizes.slice(0, MAX_PLACEHOLDERS).map((size, index) => (
        <div
          key={index}
          className="folio-skeleton-page"
          style={{
            width: Math.round(size.width * zoom * CSS_PER_POINT),
            height: Math.round(size.height * zoom * CSS_PER_POINT),
          }}
        />
      ))}
    </div>
  );
}
