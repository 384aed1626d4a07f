/** Small response helpers shared by the mock files. */
import type { ServerResponse } from 'node:http';

/**
 * Every JSON answer of the facility: UTF-8, never cached (a document's metadata changes while it
 * converts, and the viewer polls it).
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
): void {
  sendJson(res, status, { error, ...extra });
}
