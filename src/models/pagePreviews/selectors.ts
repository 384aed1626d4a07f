import type { PagePreviewsState, PreviewImage } from './state';

/** The images asked for, by URL (a reference in the state: safe for useSelector). */
export const selectPreviewImages = ({
  pagePreviews,
}: {
  pagePreviews: PagePreviewsState;
}): Readonly<Partial<Record<string, PreviewImage>>> => pagePreviews.images;
