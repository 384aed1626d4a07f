/**
 * What the facility answers, independent of the HTTP framework: the parts facility.ts composes
 * decide, and an adapter writes it (node-http.ts, which the route handlers of server/routes/ call
 * in every mode).
 */
import type { Readable } from 'node:stream';

export type Answer =
  /** JSON with `Cache-Control: no-store` (metadata and errors). */
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string | number> }
  /** A body sent byte for byte (a sidecar's simulated failure: malformed JSON, HTML). */
  | { kind: 'raw'; status: number; body: string; contentType: string }
  /** A file, with Range/ETag/Last-Modified by the adapter's file server; an attachment when named. */
  | { kind: 'file'; file: string; downloadName?: string; cacheControl?: string }
  /**
   * A file at the document source, read as asked (remote-pdf.ts): one range → 206, none → the
   * whole; `end` is inclusive, as in HTTP ranges. `read` resolves once the first bytes are in, so
   * a source that cannot give them is answered as `failed` says, not as a cut answer.
   */
  | {
      kind: 'ranges';
      size: number;
      contentType: string;
      /** The version the bytes belong to, as a strong ETag (a range is only of that version). */
      etag: string;
      read: (start: number, end: number) => Promise<Readable>;
      failed: (error: unknown) => Answer;
      /** Given, the answer to a request for the whole file (no single range): ranges only. */
      wholeRefused?: Answer;
      /** A range asked for longer is answered with its first this many bytes (206 says so). */
      maxRangeBytes?: number;
    };

export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string | number>,
): Answer {
  return { kind: 'json', status, body: { error, ...extra }, headers };
}

/** How long a client waits when the pool's queue is full. */
const BUSY_RETRY_AFTER_S = 2;

/** 503 with Retry-After: the pool's queue is full. */
export function busy(message: string): Answer {
  return jsonError(503, 'busy', { message }, { 'Retry-After': BUSY_RETRY_AFTER_S });
}

/**
 * The bytes are untrusted (DOCS_DIR may hold HTML named .pdf, or a real .html): never sniff them,
 * and never let them run as a page of our origin if someone opens the URL directly.
 */
export const FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
} as const;

/** RFC 8187 value for `filename*`: percent-encode everything outside attr-char. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment` with an ASCII fallback name for old clients and the exact UTF-8 name. */
export function attachmentHeader(name: string): string {
  // Anything but printable ASCII, and the characters that would break the quoted string, become '_'.
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
