/**
 * Where the facility serves a document (contracts §3), relative to previewApi: the facility
 * client and the boot's early request (src/boot/earlyRequests.ts) ask by these.
 */

/** Where the facility serves a document's files, relative to previewApi (contracts §3). */
export function documentPath(id: string, file?: 'content' | 'original'): string {
  const path = `documents/${encodeURIComponent(id)}`;
  return file ? `${path}/${file}` : path;
}

/**
 * `.` and `..` are dot segments that URL parsing removes (even percent-encoded), so they could
 * never name a document; '' would ask for the collection. They are refused without a request,
 * as the 404 the facility would give.
 */
export function isAddressable(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..';
}

/**
 * `value` resolved against `base` when it is an http(s) URL; undefined otherwise (never
 * `javascript:` or `data:`: facility URLs reach pdf.js, anchors and the media player).
 */
export function httpUrl(value: string, base: URL): string | undefined {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
