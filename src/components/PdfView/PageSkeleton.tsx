import type { PageSize } from '../../domain/document';

/** pdf.js lays out 1 PDF point as 96/72 CSS pixels at scale 1. */
const CSS_PER_POINT = 96 / 72;
/** pdf.js's transparent page border (`--page-border`, 9 px), both sides. */
const PAGE_BORDER_PX = 18;

/**
 * The zoom at which a page of `size` (PDF points), turned by `rotate`, fills `containerWidth`, in
 * the model's 2 decimals rounded down (rounding up would leave pixels to pan sideways). Before
 * pdf.js lays out, from the facility's page size; the engine measures its own pages after.
 */
export function fitWidthZoom(containerWidth: number, size: PageSize, rotate: number): number {
  const turned = Math.abs(rotate) % 180 === 90;
  const width = (turned ? size.height : size.width) * CSS_PER_POINT;
  return Math.floor(((containerWidth - PAGE_BORDER_PX) / width) * 100) / 100;
}
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
