/**
 * Where the viewer's first layout will put page 1 and the placeholders around it, computed from
 * the facility's answer and the screen before the app has loaded: the first frame draws page 1's
 * preview exactly there (docs/decisions/2026-11-26-first-frame.md), as PdfView and PageSkeleton
 * will lay it out (PdfView.css, src/services/pdf/layout.ts).
 */
import { shownTitle } from '../../domain/document';
import type { PageSize, WatermarkInfo } from '../../domain/document';
import type { FacilityDocument } from '../../services/facilityDocument';
import { previewFor } from '../../services/pagePreviewUrl';
import {
  cssPageBox,
  fitWidthZoom,
  PAGE_BORDER_WIDTH_PX,
  PAGE_MARGIN_BOTTOM_PX,
  PAGE_MARGIN_TOP_PX,
} from '../../services/pdf/layout';
import type { HashView } from '../../url/hash';
import { barsAbove, barsBelow } from './barHeights';

export interface FirstFrameScreen {
  /** The layout viewport, CSS pixels. */
  width: number;
  height: number;
  /** config/defaults.ts NARROW_SCREEN_QUERY matches: the phone layout. */
  narrow: boolean;
  /** The width a classic scrollbar takes; 0 where scrollbars overlay the content (phones). */
  scrollbar: number;
  pixelRatio: number;
}

/** A page's white box, CSS pixels from the stage's top left corner. */
export interface FirstFrameBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the viewer's first layout puts the pages: what the first frame and the stage draw in. */
export interface FirstFrameLayout {
  /** The stage, the box between the bars that holds the pages: its distance from the top and the bottom. */
  top: number;
  bottom: number;
  /** The page shown first (page 1 as the document opens), then the placeholders below it in view. */
  pages: FirstFrameBox[];
  watermark: WatermarkInfo;
}

export interface FirstFramePlan extends FirstFrameLayout {
  /** Page 1's preview at the width the viewer will ask for. */
  preview: string;
}

/** Each page's border box reaches this far past its content, on every side. */
const BORDER = PAGE_BORDER_WIDTH_PX;
/** From one page's top border to the next: its borders and the two margins, collapsed into one. */
const PITCH_EXTRA = 2 * BORDER + PAGE_MARGIN_TOP_PX + PAGE_MARGIN_BOTTOM_PX;

/**
 * The first frame of a complete document that has page previews, opened at its start: undefined
 * otherwise (a link to a page or a zoom, a conversion still running, no previews), and where its
 * layout is not known beforehand (see planFirstLayout). The app then draws page 1 itself, as before.
 */
export function planFirstFrame(
  doc: FacilityDocument,
  screen: FirstFrameScreen,
  /** The link's place (`#page`, `#zoom`). */
  view: HashView,
): FirstFramePlan | undefined {
  const layout = doc.previews && planFirstLayout(doc, screen, view);
  if (doc.previews === undefined || layout === undefined) return undefined;
  const preview = previewFor(doc.previews, 1, layout.pages[0].width, screen.pixelRatio);
  if (preview === undefined) return undefined;
  return { ...layout, preview };
}

/**
 * The pages' first layout of a complete document opened at its start: undefined otherwise (a link
 * to a page or a zoom, a conversion still running), and where it is not known beforehand (see
 * planPageLayout).
 */
export function planFirstLayout(
  doc: FacilityDocument,
  screen: FirstFrameScreen,
  view: HashView,
): FirstFrameLayout | undefined {
  if (view.page !== undefined || view.zoom !== undefined) return undefined;
  return planPageLayout(doc, screen, 1);
}

/**
 * The pages' layout at the viewer's first zoom with `page` brought to the top, as the viewer goes
 * to a page: what the boot's stage draws when the reader turns pages before the app has run
 * (docs/decisions/2026-12-07-boot-bar-turns-pages.md). Undefined for a page the document does not
 * have, a conversion still running, and where it is not known beforehand (a narrow window with
 * classic scrollbars, whose fitted zoom depends on whether the fitted pages overflow).
 */
export function planPageLayout(
  doc: FacilityDocument,
  screen: FirstFrameScreen,
  page: number,
): FirstFrameLayout | undefined {
  const first = doc.pageSize.at(0);
  const shown = page >= 1 ? doc.pageSize.at(page - 1) : undefined;
  if (first === undefined || shown === undefined) return undefined;
  if (doc.loadedCount < doc.pageCount) return undefined;
  if (screen.narrow && screen.scrollbar > 0) return undefined;

  const top = barsAbove(doc.param, screen.narrow, shownTitle(doc));
  const bottom = barsBelow(doc.param);
  const stageHeight = screen.height - top - bottom;
  // Phones open fitted to the width (PdfView), one page at a time unless isVertical.
  const zoom = screen.narrow ? fitWidthZoom(screen.width, first, 0) : 1;
  const onePage = screen.narrow && !doc.param.isVertical;
  const sizes = onePage ? [shown] : doc.pageSize;
  const at = onePage ? 0 : page - 1;

  // Scrolled as pdf.js scrolls to a page, its top edge inside the border (PdfView); one page
  // at a time shows the page with its margin.
  const scrolled = onePage ? 0 : borderTopOf(sizes, zoom, at) + BORDER;
  const column = pageColumn(sizes, zoom, at, stageHeight + scrolled);
  const overflows = column.height > stageHeight;
  const clientWidth = screen.width - (overflows ? screen.scrollbar : 0);
  const pages = column.boxes.map(({ top: boxTop, width, height }) => ({
    left: Math.max(0, (clientWidth - width - 2 * BORDER) / 2) + BORDER,
    top: boxTop - scrolled,
    width,
    height,
  }));
  if (pages.length === 0) return undefined;
  return { top, bottom, pages, watermark: doc.watermarkInfo };
}

/** Where the page at `index` starts its top border, down the column. */
function borderTopOf(sizes: readonly PageSize[], zoom: number, index: number): number {
  let borderTop = PAGE_MARGIN_TOP_PX;
  for (const size of sizes.slice(0, index))
    borderTop += cssPageBox(size, zoom, 0).height + PITCH_EXTRA;
  return borderTop;
}

/**
 * The content boxes of the pages from the one at `from` down the column, as far as `reach` from
 * its top, and the column's height as far as it was followed (enough to tell whether it overflows
 * the stage).
 */
function pageColumn(
  sizes: readonly PageSize[],
  zoom: number,
  from: number,
  reach: number,
): { boxes: Omit<FirstFrameBox, 'left'>[]; height: number } {
  const boxes: Omit<FirstFrameBox, 'left'>[] = [];
  let borderTop = PAGE_MARGIN_TOP_PX;
  let height = 0;
  for (const [index, size] of sizes.entries()) {
    const box = cssPageBox(size, zoom, 0);
    if (index >= from && borderTop < reach) boxes.push({ top: borderTop + BORDER, ...box });
    height = borderTop + box.height + 2 * BORDER + PAGE_MARGIN_BOTTOM_PX;
    if (height > reach) break;
    borderTop += box.height + PITCH_EXTRA;
  }
  return { boxes, height };
}
