/**
 * The host's HTTP storage as a document source (docs/server.md, "Document sources"): `DOCS_URL` is
 * a template such as `https://dms.internal/files/{id}` (RFC 6570: `{id}` percent-encodes the id,
 * `/` included; `{+id}` keeps its `/`). Fetching is confined (docs/decisions/
 * 2026-11-28-document-sources.md): only the template's origin, redirects only within it (at most
 * 3), a time-out to the answer's headers and one for the whole body, a size limit on Content-Length
 * and while streaming, no cookies. The server's own credentials (`DOCS_HEADERS`) go to that origin
 * only; a reader's token never does.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isSafeId } from './files.ts';
import { SourceError, bounded, byteCount, isTimeout, versionFrom } from './source.ts';
import type { DocumentSource, Stated } from './source.ts';

export interface HttpSourceOptions {
  /** `https://dms.internal/files/{id}` or `…/{+id}`. */
  template: string;
  /** Sent with every request to the origin (the server's credentials). */
  headers?: Record<string, string>;
  /** Until the answer's headers arrive (connecting included). Default 10 s. */
  connectTimeoutMs?: number;
  /** For a whole request, body included. Default 120 s. */
  totalTimeoutMs?: number;
}

const MAX_REDIRECTS = 3;
const PLACEHOLDER = /\{(\+?)id\}/;

/** The template checked at start: http(s), one `{id}` or `{+id}` in its path or query. */
export function parseTemplate(template: string): { origin: string } {
  const matches = template.match(/\{\+?id\}/g) ?? [];
  if (matches.length !== 1) throw new Error('DOCS_URL must hold one {id} or {+id}');
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDER, 'x'));
  } catch {
    throw new Error('DOCS_URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error('DOCS_URL must be an http: or https: URL');
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('DOCS_URL must not hold credentials: give them in DOCS_HEADERS');
  }
  return { origin: url.origin };
}

/** The id filled into the template; `{+id}` keeps each `/` of a nested id. */
export function expandTemplate(template: string, id: string): string {
  return template.replace(PLACEHOLDER, (_all, plus: string) =>
    plus === '+' ? id.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(id),
  );
}

/**
 * `DOCS_HEADERS`: one `Name: value` a line (or separated by a written-out `\n`), parsed
 * strictly so a typo stops the start rather than sending half a credential. The values are never
 * logged: an error names the line's number only.
 */
export function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Real line breaks, or `\n` written out (one line in a container's environment file).
  const lines = text.split(/\r?\n|\\n/).filter((line) => line.trim() !== '');
  lines.forEach((line, index) => {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    const value = colon > 0 ? line.slice(colon + 1).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || value === '' || /[\r\n\0]/.test(value)) {
      throw new Error(`DOCS_HEADERS line ${String(index + 1)} is not "Name: value"`);
    }
    const lower = name.toLowerCase();
    if (['host', 'range', 'cookie', 'content-length', 'transfer-encoding'].includes(lower)) {
      throw new Error(`DOCS_HEADERS line ${String(index + 1)} sets ${name}, which the server sets`);
    }
    headers[lower] = value;
  });
  return headers;
}

/** The answer's body, bounded by `maxBytes`. */
function bodyOf(res: Response, maxBytes: number, id: string): AsyncIterable<Buffer> {
  const body =
    res.body === null
      ? Readable.from([])
      : Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  return bounded(body, maxBytes, id);
}

export function createHttpSource(options: HttpSourceOptions): DocumentSource {
  const { template } = options;
  const { origin } = parseTemplate(template);
  const own = options.headers ?? {};
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const totalTimeoutMs = options.totalTimeoutMs ?? 120_000;

  /**
   * One request to the origin, following its redirects within the origin only; resolves with the
   * answer once its headers are in. `total` aborts the body too (the caller's stream sees it).
   */
  async function request(
    id: string,
    method: 'GET' | 'HEAD',
    extra: Record<string, string> = {},
  ): Promise<Response> {
    if (!isSafeId(id)) throw new SourceError('not_found', 'not an id');
    const total = AbortSignal.timeout(totalTimeoutMs);
    let url = expandTemplate(template, id);
    for (let hop = 0; ; hop += 1) {
      // fetch's signal aborts the body too: the connect time-out must stop once the headers are
      // in, or every body longer than it (a large file's copy) would be cut there.
      const controller = new AbortController();
      const stop = () => {
        controller.abort(new DOMException('no answer in time', 'TimeoutError'));
      };
      const connect = setTimeout(stop, connectTimeoutMs);
      total.addEventListener('abort', stop, { once: true });
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers: { ...own, ...extra },
          redirect: 'manual',
          // No cookies are kept or sent: Node's fetch has no cookie jar, and none is added.
          credentials: 'omit',
          signal: controller.signal,
        });
      } catch (error) {
        total.removeEventListener('abort', stop);
        if (controller.signal.aborted || isTimeout(error)) {
          throw new SourceError('source_timeout', 'the document store did not answer in time');
        }
        throw new SourceError('source_unavailable', 'the document store cannot be reached');
      } finally {
        clearTimeout(connect);
      }
      if (res.status < 300 || res.status >= 400 || res.status === 304) {
        // The body is read under the total time-out only.
        return res;
      }
      total.removeEventListener('abort', stop);
      await res.body?.cancel();
      const location = res.headers.get('location');
      // Only to the same origin (never file:, data: or another host), at most MAX_REDIRECTS times.
      const next = location === null ? null : URL.parse(location, url);
      if (next?.origin !== origin || hop + 1 > MAX_REDIRECTS) {
        throw new SourceError(
          'source_refused',
          'the document store redirected elsewhere, which this server does not follow',
        );
      }
      url = next.toString();
    }
  }

  /** The failure an origin's status means; undefined for a success. */
  function failure(res: Response, id: string): SourceError | undefined {
    if (res.ok) return undefined;
    if (res.status === 404 || res.status === 410) {
      return new SourceError('not_found', `${id} is not in the document store`);
    }
    if (res.status === 401 || res.status === 403) {
      return new SourceError(
        'source_refused',
        `the document store refused this server (${String(res.status)})`,
      );
    }
    return new SourceError(
      'source_unavailable',
      `the document store answered ${String(res.status)}`,
    );
  }

  async function checked(res: Response, id: string): Promise<Response> {
    const error = failure(res, id);
    if (error) {
      await res.body?.cancel();
      throw error;
    }
    return res;
  }

  /**
   * The whole file's size, when the answer says: a range's Content-Range names it (`bytes 0-0/5000`;
   * `/*` does not), a whole answer's Content-Length. Read strictly: a missing or malformed length is
   * no size, never NaN.
   */
  function wholeSize(res: Response): number | undefined {
    if (res.status === 206) {
      return byteCount(/\/([^/]*)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
    }
    return byteCount(res.headers.get('content-length'));
  }

  function versionOf(res: Response, size: number | undefined): string | undefined {
    const header = (name: string) => res.headers.get(name) ?? undefined;
    return versionFrom(header('etag'), header('last-modified'), size);
  }

  /**
   * Whether an answer is of `version`: the same ETag, or the same Last-Modified and size, the size
   * compared where the answer states it (a whole answer sent chunked does not, while the stat's
   * first byte named it).
   */
  function isOf(res: Response, version: string): boolean {
    const size = wholeSize(res);
    const answered = versionOf(res, size);
    if (answered === undefined) return false;
    if (answered === version) return true;
    return (
      size === undefined && res.headers.get('etag') === null && version.startsWith(`${answered}-`)
    );
  }

  /**
   * A GET of `version`'s bytes: a strong ETag is checked by the origin (a weak one never matches
   * If-Match); a version made of Last-Modified is compared on the answer.
   */
  async function pinned(
    id: string,
    version: string | undefined,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const match: Record<string, string> =
      version?.startsWith('"') === true ? { 'if-match': version } : {};
    const res = await request(id, 'GET', { ...headers, ...match });
    if (res.status === 412 || (res.ok && version !== undefined && !isOf(res, version))) {
      await res.body?.cancel();
      throw new SourceError('source_unavailable', `${id} changed while it was read`);
    }
    return checked(res, id);
  }

  return {
    kind: 'http',
    async probe() {
      // Any answer of the origin's root, whatever its status: the store is there.
      try {
        const res = await fetch(origin, {
          method: 'HEAD',
          headers: own,
          redirect: 'manual',
          credentials: 'omit',
          signal: AbortSignal.timeout(connectTimeoutMs),
        });
        await res.body?.cancel();
      } catch (error) {
        if (isTimeout(error)) throw new SourceError('source_timeout', 'no answer in time');
        throw new SourceError('source_unavailable', 'the document store cannot be reached');
      }
    },
    async stat(id): Promise<Stated> {
      if (!isSafeId(id)) return { kind: 'bad_id' };
      const head = await request(id, 'HEAD');
      if (head.status === 404 || head.status === 410) return { kind: 'not_found' };
      const headAnswered = head.status !== 405 && head.status !== 501;
      if (headAnswered) await checked(head, id);
      const size = headAnswered ? wholeSize(head) : undefined;
      if (size !== undefined) {
        const ranges = head.headers.get('accept-ranges')?.toLowerCase() === 'bytes';
        return { kind: 'ok', stat: { size, version: versionOf(head, size), ranges } };
      }
      // No HEAD, or one without a length: the first byte, whose Content-Range names the size (an
      // origin that answers it whole names it in Content-Length, or not at all: the copy is then
      // read whole, bounded while streaming).
      const first = await request(id, 'GET', { range: 'bytes=0-0' });
      if (first.status === 404 || first.status === 410) return { kind: 'not_found' };
      await checked(first, id);
      await first.body?.cancel();
      const firstSize = wholeSize(first);
      const ranges = first.status === 206 && firstSize !== undefined;
      return {
        kind: 'ok',
        stat: { size: firstSize, version: versionOf(first, firstSize), ranges },
      };
    },
    async readRange(id, start, end, version) {
      const res = await pinned(id, version, { range: `bytes=${String(start)}-${String(end)}` });
      const wanted = end - start + 1;
      // A 200 is the whole file (no range support): read up to the range's end, then stop.
      const skip = res.status === 206 ? 0 : start;
      const chunks: Buffer[] = [];
      let have = 0;
      for await (const chunk of bodyOf(res, Infinity, id)) {
        chunks.push(chunk);
        have += chunk.length;
        if (have >= skip + wanted) break;
      }
      return Buffer.concat(chunks).subarray(skip, skip + wanted);
    },
    async read(id, maxBytes, version) {
      const res = await pinned(id, version);
      const declared = byteCount(res.headers.get('content-length'));
      if (declared !== undefined && declared > maxBytes) {
        await res.body?.cancel();
        throw new SourceError(
          'too_large',
          `${id} is ${String(declared)} bytes; the limit is ${String(maxBytes)}`,
        );
      }
      return Readable.from(bodyOf(res, maxBytes, id));
    },
  };
}
