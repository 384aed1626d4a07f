/**
 * A real download (issue 5): the bytes are fetched, then saved through an object URL and an
 * `a[download]`, so the file gets our name (a cross-origin `a[download]` would ignore it), a
 * failure is ours to report, and the reader never lands on the raw URL.
 */
import { facilityInit } from './facilityAuth';
import { HttpError, NetworkError } from './request';

export interface FetchedFile {
  blob: Blob;
  /** The answer's Content-Disposition, when the facility sent one (and CORS exposes it). */
  contentDisposition: string | null;
  contentType: string | null;
}

/**
 * GETs `url` whole. Throws HttpError for a status outside 2xx, NetworkError when no complete
 * answer came; an abort from `signal` is rethrown as is.
 */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(url, facilityInit({ signal }));
  } catch (error) {
    if (signal?.aborted === true) throw error;
    throw new NetworkError(url, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpError(response.status, url);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted === true) throw error;
    throw new NetworkError(url, { cause: error });
  }
  return {
    blob,
    contentDisposition: response.headers.get('content-disposition'),
    contentType: response.headers.get('content-type'),
  };
}

/**
 * How long the object URL outlives the click. Browsers start reading it asynchronously, and some
 * fail a download whose URL was revoked at once; a minute is far past that start.
 */
export const REVOKE_AFTER_MS = 60_000;

/** Hands `blob` to the browser's download manager as `fileName`; the object URL is revoked after. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, REVOKE_AFTER_MS);
  }
}
