/**
 * Serves a document's bytes with `send` (the file server express uses): Content-Type by extension,
 * Range (206/416, Accept-Ranges), ETag and Last-Modified, HEAD — nothing hand-parsed here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import send from 'send';
import type { DocumentFile } from './_files.ts';
import { sendError } from './_http.ts';

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

export function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  doc: DocumentFile,
  asAttachment: boolean,
): void {
  // The bytes are untrusted (DOCS_DIR may hold HTML named .pdf, or a real .html): never sniff them,
  // and never let them run as a page of our origin if someone opens the URL directly.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  if (asAttachment) res.setHeader('Content-Disposition', attachmentHeader(doc.name));
  // The name was validated by resolveDocument; send still gets it URL-encoded under its root, as it
  // expects a URL path.
  send(req, encodeURIComponent(doc.name), {
    root: path.dirname(doc.file),
    dotfiles: 'allow',
    index: false,
  })
    .on('error', (error: { status?: number }) => {
      const status = error.status ?? 500;
      sendError(res, status, status === 404 ? 'not_found' : 'unreadable');
    })
    .pipe(res);
}
