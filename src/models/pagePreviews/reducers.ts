import type { Action } from '../../runtime';
import { initialPagePreviewsState } from './state';
import type { PagePreviewsState, PreviewImage } from './state';

export interface PreviewLoaded {
  url: string;
  src: string;
}

const withImage = (state: PagePreviewsState, url: string, image: PreviewImage) => ({
  ...state,
  images: { ...state.images, [url]: image },
});

/** The `load` effect's steps for the image at a URL, and `forget`'s. */
export const pagePreviewsReducers = {
  loading: (state: PagePreviewsState, { payload }: Action<string>): PagePreviewsState =>
    withImage(state, payload, { status: 'loading' }),
  loaded: (state: PagePreviewsState, { payload }: Action<PreviewLoaded>): PagePreviewsState =>
    withImage(state, payload.url, { status: 'ready', src: payload.src }),
  failed: (state: PagePreviewsState, { payload }: Action<string>): PagePreviewsState =>
    withImage(state, payload, { status: 'failed' }),
  /** Internal (forget): another document is fetched; its images are released. */
  forgotten: (): PagePreviewsState => initialPagePreviewsState,
};
