/**
 * A real download (behaviour.md, "The facility's policy"): the bytes are fetched, then saved through an object URL and an
 * `a[download]`, so the file gets our name (a cross-origin `a[download]` would ignore it), a
 * failure is ours to report, and the reader never lands on the raw URL.
 */
import { facilityInit, facilityToken } from './facilityAuth';
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
export async function fetchFile(
  url: string,
  signal?: AbortSignal,
  /** The answer to a request for `url` already made (the boot, src/boot/earlyRequests.ts). */
  asked?: Promise<Response>,
): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await (asked ?? fetch(url, facilityInit({ signal })));
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

/**
 * "Open in new tab" (contracts §5b `showBrowser`): the URL itself, unless the link was signed. A
 * tab cannot send the token, so then the bytes are fetched with it here and the tab shows them from
 * an object URL. The tab opens at once, inside the click, so no popup blocker stops it.
 */
export function openInNewTab(url: string, win: Window = window): void {
  if (facilityToken() === undefined) {
    win.open(url, '_blank', 'noopener');
    return;
  }
  const tab = win.open('', '_blank');
  if (!tab) return;
  tab.opener = null;
  fetchFile(url).then(
    ({ blob }) => {
      const objectUrl = URL.createObjectURL(blob);
      tab.location.href = objectUrl;
      setTimeout(() => {
        URL.revokeObjectURL(objectUrl);
      }, REVOKE_AFTER_MS);
    },
    () => {
      tab.close();
    },
  );
}
