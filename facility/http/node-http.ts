/**
 * Writes a facility {@link Answer} on Node's http response: the route handlers of server/routes/
 * call it on the raw response of the one fastify server (server/facility-routes.ts hijacks the
 * reply), in every mode. Files go through `@fastify/send` (the file server of @fastify/static, so a
 * production install has it): Content-Type by extension, Range (206/416, Accept-Ranges), ETag and
 * Last-Modified, HEAD — nothing hand-parsed here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import send from '@fastify/send';
import parseRange from 'range-parser';
import { FILE_HEADERS, attachmentHeader } from './answer.ts';
import type { Answer } from './answer.ts';

/**
 * Every JSON answer of the facility: UTF-8, never cached (a document's metadata changes while it
 * converts, and the viewer polls it).
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | number> = {},
): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Below this a JSON answer goes as it is: compressing it would win less than a packet. */
const COMPRESS_FROM_BYTES = 8 * 1024;

/**
 * The encoding a large JSON answer (a listing of thousands of entries, a block of a sheet's rows,
 * a page's text) goes in: a listing is 50× smaller on the wire, for about 25 ms of brotli on
 * zlib's own threads, off the event loop. No answer carries a secret the request did not carry
 * itself (the reader's token is never a cookie), so compressing leaks nothing (BREACH needs an
 * ambient secret): docs/deploying.md, "Compression and caching".
 */
function jsonEncoding(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = req.headers['accept-encoding'];
  if (accepted === undefined) return undefined;
  const chosen = negotiate(accepted, ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

function compressor(encoding: 'br' | 'gzip', size: number) {
  return encoding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 3,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      })
    : createGzip({ level: 6 });
}

/** A JSON answer, compressed when it is large and the client takes an encoding. */
function sendJsonAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Extract<Answer, { kind: 'json' }>,
): void {
  const text = JSON.stringify(answer.body);
  const size = Buffer.byteLength(text);
  const encoding = size < COMPRESS_FROM_BYTES ? undefined : jsonEncoding(req);
  if (encoding === undefined || req.method === 'HEAD') {
    sendJson(res, answer.status, answer.body, answer.headers);
    return;
  }
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Vary', 'Accept-Encoding');
  Readable.from([text])
    .pipe(compressor(encoding, size))
    .on('error', () => res.destroy())
    .pipe(res);
}

export function sendError(
  res: ServerResponse,
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
): void {
  sendJson(res, status, { error, ...extra });
}

/**
 * A source's file read as the request's one range asks (range-parser reads the header); several
 * ranges or a malformed header get the whole file, as @fastify/send answers them.
 */
function writeRanges(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Extract<Answer, { kind: 'ranges' }>,
): void {
  const { size, etag } = answer;
  // A client holding another version's bytes (If-Range naming another ETag, or a date) gets the
  // whole file, never a range of this version to splice into its own (RFC 9110, If-Range).
  const ifRange = req.headers['if-range'];
  const whole = req.headers.range === undefined || (ifRange !== undefined && ifRange !== etag);
  const asked = whole ? -2 : parseRange(size, req.headers.range ?? '');
  if (asked === -1) {
    res.setHeader('Content-Range', `bytes */${String(size)}`);
    sendError(res, 416, 'unreadable');
    return;
  }
  const one = Array.isArray(asked) && asked.length === 1 ? asked[0] : undefined;
  if (one === undefined && answer.wholeRefused !== undefined) {
    writeAnswer(req, res, answer.wholeRefused);
    return;
  }
  const [start, asEnd] = one === undefined ? [0, size - 1] : [one.start, one.end];
  // The 206 names the bytes sent; a player asks again from where they end.
  const end = Math.min(asEnd, start + (answer.maxRangeBytes ?? Infinity) - 1);
  const headers: Record<string, string | number> = {
    ...FILE_HEADERS,
    'Accept-Ranges': 'bytes',
    // The copy being filled is served by the file server later, with its own validators.
    'Cache-Control': 'no-cache',
    'Content-Type': answer.contentType,
    'Content-Length': end - start + 1,
    ETag: etag,
  };
  if (one !== undefined) {
    headers['Content-Range'] = `bytes ${String(start)}-${String(end)}/${String(size)}`;
  }
  const status = one === undefined ? 200 : 206;
  if (req.method === 'HEAD' || size === 0) {
    res.writeHead(status, headers).end();
    return;
  }
  answer.read(start, end).then(
    (body) => {
      res.writeHead(status, headers);
      // A source failing after the first bytes can only cut the answer: never wrong bytes.
      body.on('error', () => res.destroy()).pipe(res);
    },
    (error: unknown) => {
      writeAnswer(req, res, answer.failed(error));
    },
  );
}

export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  switch (answer.kind) {
    case 'json':
      sendJsonAnswer(req, res, answer);
      return;
    case 'ranges':
      writeRanges(req, res, answer);
      return;
    case 'raw':
      res.writeHead(answer.status, {
        'Content-Type': answer.contentType,
        'Cache-Control': 'no-store',
      });
      res.end(answer.body);
      return;
    case 'file':
      for (const [name, value] of Object.entries(FILE_HEADERS)) res.setHeader(name, value);
      if (answer.downloadName !== undefined) {
        res.setHeader('Content-Disposition', attachmentHeader(answer.downloadName));
      }
      if (answer.cacheControl !== undefined) res.setHeader('Cache-Control', answer.cacheControl);
      // The name was validated by resolveDocument (or is a content hash); send still gets it
      // URL-encoded under its root, as it expects a URL path.
      void send(req, encodeURIComponent(path.basename(answer.file)), {
        root: path.dirname(answer.file),
        dotfiles: 'allow',
        index: false,
        // The answer's own Cache-Control, else send's default.
        cacheControl: answer.cacheControl === undefined,
      }).then(
        ({ statusCode, headers, stream, type }) => {
          if (type === 'error') {
            // Its headers say why (a 416's Content-Range); the body is the facility's JSON.
            for (const name of ['Content-Range', 'Allow']) {
              if (name in headers) res.setHeader(name, headers[name]);
            }
            stream.destroy();
            sendError(res, statusCode, statusCode === 404 ? 'not_found' : 'unreadable');
            return;
          }
          // A cached JSON file (a sheet's block, a page's text) is compressed as a JSON answer
          // is; a range of it, or a 304, goes as send made it.
          const encoding =
            statusCode === 200 && answer.file.endsWith('.json') && req.method !== 'HEAD'
              ? jsonEncoding(req)
              : undefined;
          if (encoding === undefined) {
            res.writeHead(statusCode, headers);
            stream.on('error', () => res.destroy()).pipe(res);
            return;
          }
          const size = Number(headers['Content-Length'] ?? 0);
          const encoded: Record<string, unknown> = { ...headers };
          delete encoded['Content-Length'];
          // send's ETag is weak already (`W/"size-mtime"`), right for another representation.
          res.writeHead(statusCode, {
            ...encoded,
            'Content-Encoding': encoding,
            Vary: 'Accept-Encoding',
          });
          stream
            .on('error', () => res.destroy())
            .pipe(compressor(encoding, size))
            .on('error', () => res.destroy())
            .pipe(res);
        },
        () => {
          sendError(res, 500, 'unreadable');
        },
      );
  }
}
