/**
 * Which of the facility's page previews to ask for (contracts §3 `previews`;
 * docs/decisions/2026-11-26-page-previews.md). No fetching here: the first frame
 * (src/boot/firstFrame/) uses this before the app has loaded.
 */
import { NARROW_SCREEN_QUERY } from '../../config/defaults';
import type { PagePreviews, PageSize } from '../domain/document';
import { cssPageBox, fitWidthZoom } from './pdf/layout';

/** The image of page `page` at `width` device pixels. */
export function previewImageUrl(
  previews: Pick<PagePreviews, 'url'>,
  page: number,
  width: number,
): string {
  return previews.url.replaceAll('{page}', String(page)).replaceAll('{width}', String(width));
}

/** The smallest offered width that covers `deviceWidth` pixels, else the largest there is. */
export function previewWidth(widths: readonly number[], deviceWidth: number): number {
  return widths.find((width) => width >= deviceWidth) ?? widths[widths.length - 1];
}

/**
 * A preview stands in for a second or two: sharper than 2 device pixels per CSS pixel costs a 3×
 * phone half as many bytes again (a 1440 px text page is ~290 kB, a 960 px one ~170 kB,
 * docs/decisions/2026-11-26-page-previews.md) on the link the PDF itself needs.
 */
export const MAX_PREVIEW_PIXEL_RATIO = 2;

/**
 * The image to show page `page` (1-based) at `cssWidth` CSS pixels on a `pixelRatio` screen (up
 * to MAX_PREVIEW_PIXEL_RATIO), or undefined when the facility offers none for that page.
 */
export function previewFor(
  previews: PagePreviews | undefined,
  page: number,
  cssWidth: number,
  pixelRatio: number,
): string | undefined {
  if (previews === undefined || page < 1 || page > previews.pages) return undefined;
  return previewImageUrl(previews, page, previewWidthFor(previews.widths, cssWidth, pixelRatio));
}

/** The offered width for a page `cssWidth` CSS pixels wide on a `pixelRatio` screen. */
export function previewWidthFor(
  widths: readonly number[],
  cssWidth: number,
  pixelRatio: number,
): number {
  return previewWidth(widths, Math.ceil(cssWidth * Math.min(pixelRatio, MAX_PREVIEW_PIXEL_RATIO)));
}

/**
 * Page 1's preview as the viewer's first layout will show it, asked for before that layout exists:
 * a phone fits the page to its width unless a zoom was chosen, a desktop shows it at `zoom`.
 */
export function firstPagePreview(
  previews: PagePreviews | undefined,
  size: PageSize | undefined,
  view: { zoom: number; zoomChosen: boolean },
): string | undefined {
  const width = firstPageWidth(size, view);
  return width === undefined
    ? undefined
    : previewFor(previews, 1, width, window.devicePixelRatio || 1);
}

/**
 * Page 1's width in CSS pixels in the viewer's first layout: a phone fits the page to its width
 * unless a zoom was chosen, a desktop shows it at `zoom`. The boot asks for its preview by it.
 */
export function firstPageWidth(
  size: PageSize | undefined,
  view: { zoom: number; zoomChosen: boolean },
): number | undefined {
  // Outside a browser (the effect tests in Node) there is no layout to size it for.
  if (size === undefined || typeof window === 'undefined') return undefined;
  const narrow = 'matchMedia' in window && window.matchMedia(NARROW_SCREEN_QUERY).matches;
  const zoom = narrow && !view.zoomChosen ? fitWidthZoom(window.innerWidth, size, 0) : view.zoom;
  return cssPageBox(size, zoom, 0).width;
}

/** Only pictures: anything else the facility might send is not drawn. */
export function isPreviewImageType(contentType: string | null | undefined): boolean {
  return /^image\/(webp|avif|png|jpeg)\b/i.test(contentType ?? '');
}
