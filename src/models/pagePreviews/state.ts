/**
 * The `pagePreviews` model's state (docs/architecture.md, "Page previews"): the facility's page
 * images fetched for the document shown. Which previews the facility offers is the doc model's
 * (`previews`, contracts §3); this model holds the images asked for.
 */

/** One page preview image as the `load` effect has it. */
export type PreviewImage =
  | { status: 'loading' }
  /** `src`: an object URL of the fetched image, released when the document changes. */
  | { status: 'ready'; src: string }
  | { status: 'failed' };

export interface PagePreviewsState {
  /** Preview images asked for, by image URL. */
  images: Partial<Record<string, PreviewImage>>;
}

export const initialPagePreviewsState: PagePreviewsState = { images: {} };
