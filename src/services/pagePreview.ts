/**
 * The facility's page previews (contracts §3 `previews`; docs/decisions/2026-11-26-page-previews.md):
 * fetching one, with the facility's credentials, into an object URL the page and the thumbnail
 * panel draw until pdf.js has drawn the page. Which one to ask for: pagePreviewUrl.ts.
 */
import { fetchFile } from './download';
import { takeEarlyPreview } from './earlyAnswer';
import { isPreviewImageType } from './pagePreviewUrl';

/**
 * Fetches a preview and returns an object URL for it (release it with `releasePreviewImage`).
 * Throws download.ts's typed errors, or a TypeError when the answer is not an image.
 */
export async function fetchPreviewImage(url: string, signal?: AbortSignal): Promise<string> {
  const early = await takeEarlyPreview(url);
  if (early?.decoded !== undefined) return early.decoded;
  const { blob, contentType } = await fetchFile(url, signal, early?.response);
  if (!isPreviewImageType(contentType)) {
    throw new TypeError(`${url}: not an image (${String(contentType)})`);
  }
  return URL.createObjectURL(blob);
}

export function releasePreviewImage(src: string): void {
  URL.revokeObjectURL(src);
}
