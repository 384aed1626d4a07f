import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import type { PagePreviews } from '../../domain/document';
import { pagePreviewsActions, selectPreviewImages } from '../../models/pagePreviews';
import type { PreviewImage } from '../../models/pagePreviews';
import { previewFor, previewImageUrl } from '../../services/pagePreviewUrl';

/** The ready image for `url`, else any ready one of the same page (another width) meanwhile. */
function readySrc(
  images: Readonly<Partial<Record<string, PreviewImage>>>,
  previews: PagePreviews,
  page: number,
  url: string,
): string | undefined {
  const wanted = images[url];
  if (wanted?.status === 'ready') return wanted.src;
  for (const width of previews.widths) {
    const other = images[previewImageUrl(previews, page, width)];
    if (other?.status === 'ready') return other.src;
  }
  return undefined;
}

/**
 * The facility's preview of page `page` to show it `cssWidth` CSS pixels wide upright (contracts
 * §3 `previews`, docs/architecture.md, "Page previews"): asked for (once, by the `pagePreviews`
 * model's `load` effect) while `wanted`, and its object URL once loaded; undefined when there is none (yet).
 */
export function usePagePreview(page: number, cssWidth: number, wanted = true): string | undefined {
  const dispatch = useAppDispatch();
  const previews = useAppSelector((s) => s.doc.docData.previews);
  const images = useAppSelector(selectPreviewImages);
  const url = wanted
    ? previewFor(previews, page, cssWidth, window.devicePixelRatio || 1)
    : undefined;
  useEffect(() => {
    if (url !== undefined) void dispatch(pagePreviewsActions.load(url));
  }, [url, dispatch]);
  return previews && url !== undefined ? readySrc(images, previews, page, url) : undefined;
}
