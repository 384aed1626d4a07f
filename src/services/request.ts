/**
 * A small `fetch` wrapper for JSON: a timeout that covers the body too (a server can send headers
 * and then stall), a cap on the body size, and one typed error per way a request can fail, so
 * callers branch on classes rather than on message text.
 */

import { takeEarlyAnswer } from './earlyAnswer';
import { facilityInit } from './facilityAuth';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Far above any real document's metadata (100 000 page sizes are ≈ 4 MB), far below harm. */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * What a facility may say about its own failure in a JSON body (`{"error": "conversion_failed",
 * "message": "…"}`): a machine-readable code and a reason for people. Untrusted, unsanitised.
 */
export interface HttpErrorDetail {
  code?: string;
  reason?: string;
}

/** The server answered with a status outside 2xx. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly detail: HttpErrorDetail;
  constructor(status: number, url: string, detail: HttpErrorDetail = {}) {
    super(`HTTP ${status} from ${url}`);
    this.status = status;
    this.detail = detail;
  }
}

/** An error body is read only this far: a reason is a sentence, not a document. */
const ERROR_BODY_MAX_BYTES = 4096;

/** The code and reason of a JSON error body; nothing for any other body or a failed read. */
async function errorDetail(response: Response, url: string): Promise<HttpErrorDetail> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) {
    await response.body?.cancel().catch(() => undefined);
    return {};
  }
  try {
    const body: unknown = JSON.parse(await readText(response, ERROR_BODY_MAX_BYTES, url));
    if (typeof body !== 'object' || body === null) return {};
    const { error, message } = body as Record<string, unknown>;
    return {
      ...(typeof error === 'string' && { code: error }),
      ...(typeof message === 'string' && { reason: message }),
    };
  } catch {
    return {};
  }
}

/** No complete answer within the timeout. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(url: string, ms: number) {
    super(`No answer from ${url} within ${ms} ms`);
  }
}

/** The answer was not JSON, too large, or JSON of the wrong shape. */
export class MalformedResponseError extends Error {
  override readonly name = 'MalformedResponseError';
}

/** The request never got an HTTP answer (offline, refused, DNS, CORS). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(url: string, options?: ErrorOptions) {
    super(`Network error for ${url}`, options);
  }
}

export interface RequestOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** The caller's own cancellation; an abort from it rethrows the AbortError as is. */
  signal?: AbortSignal;
}

/** Reads the body as text, refusing to hold more than `maxBytes`. */
async function readText(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) throw new MalformedResponseError(`${url}: body over ${maxBytes} bytes`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      throw new MalformedResponseError(`${url}: body over ${maxBytes} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** GETs `url` and parses its JSON; the result is `unknown` until the caller validates it. */
export async function requestJson(url: string, options: RequestOptions = {}): Promise<unknown> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, maxBytes = DEFAULT_MAX_BYTES, signal } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  // The abort reason tells our timeout apart from the caller's abort and from the network.
  const timeout = new TimeoutError(url, timeoutMs);
  const timer = setTimeout(() => {
    controller.abort(timeout);
  }, timeoutMs);
  const forward = () => {
    controller.abort(signal?.reason);
  };
  signal?.addEventListener('abort', forward, { once: true });

  try {
    let response: Response;
    try {
      response = await (takeEarlyAnswer(url, controller.signal) ??
        fetch(
          url,
          facilityInit({ signal: controller.signal, headers: { Accept: 'application/json' } }),
        ));
    } catch (error) {
      throw failure(controller.signal, timeout, signal, error, url);
    }
    if (!response.ok) throw new HttpError(response.status, url, await errorDetail(response, url));
    let text: string;
    try {
      text = await readText(response, maxBytes, url);
    } catch (error) {
      if (error instanceof MalformedResponseError) throw error;
      throw failure(controller.signal, timeout, signal, error, url);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new MalformedResponseError(`${url}: not JSON`, { cause: error });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** Our timeout, the caller's abort (passed through unchanged), or else the network failing. */
function failure(
  own: AbortSignal,
  timeout: TimeoutError,
  callers: AbortSignal | undefined,
  error: unknown,
  url: string,
): unknown {
  if (own.reason === timeout) return timeout;
  if (callers?.aborted === true) return error;
  return new NetworkError(url, { cause: error });
}
