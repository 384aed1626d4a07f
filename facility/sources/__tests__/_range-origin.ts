/**
 * A real HTTP origin for the remote-PDF tests and the bench: files by path, ETags, ranges when
 * allowed, the whole-file answer sent at a limited rate (a slow store, or a long way off), and every
 * byte it sends counted, ranges and whole reads apart.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RangeOrigin {
  /** `http://127.0.0.1:port`; files are under `/files/`. */
  url: string;
  files: Map<string, Buffer>;
  /** Honour Range (and say so with Accept-Ranges). */
  ranges: boolean;
  /** Answer a range with 503 (a store failing under load). */
  failRanges: boolean;
  /** Which validator each answer carries: an ETag, a Last-Modified, or neither. */
  validator: 'etag' | 'last-modified' | 'none';
  /** Say a HEAD's Content-Length; say a whole answer's (else it is sent chunked). */
  headLength: boolean;
  wholeLength: boolean;
  /** Bytes a second of a whole-file answer; Infinity: as fast as the socket takes them. */
  wholeRate: number;
  /** Bytes sent in answer to ranges, and of whole files (cut ones included). */
  sent: { ranges: number; whole: number };
  /** Whole-file answers sent to their end. */
  wholeDone: number;
  /** Ends every answer in progress (a copy still filling for a server that has stopped). */
  cut: () => void;
  close: () => Promise<void>;
}

/** Each version of a file (a Buffer) gets its own ETag. */
const etags = new WeakMap<Buffer, string>();
let versions = 0;
function etagOf(bytes: Buffer): string {
  let etag = etags.get(bytes);
  if (etag === undefined) {
    versions += 1;
    etag = `"v${String(versions)}"`;
    etags.set(bytes, etag);
  }
  return etag;
}

const PIECE = 16_384;

export async function startRangeOrigin(): Promise<RangeOrigin> {
  const origin: RangeOrigin = {
    url: '',
    files: new Map(),
    ranges: true,
    failRanges: false,
    validator: 'etag',
    headLength: true,
    wholeLength: true,
    wholeRate: Infinity,
    sent: { ranges: 0, whole: 0 },
    wholeDone: 0,
    cut: () => undefined,
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    const id = decodeURIComponent(new URL(req.url ?? '/', 'http://o').pathname.slice(7));
    const bytes = origin.files.get(id);
    if (bytes === undefined) return res.writeHead(404).end();
    const headers: Record<string, string> = { 'content-type': 'application/pdf' };
    const etag = etagOf(bytes);
    if (origin.validator === 'etag') headers.etag = etag;
    if (origin.validator === 'last-modified') {
      // A second of 2026 per version (the ETag's number).
      headers['last-modified'] = new Date(
        Date.UTC(2026, 0, 1, 0, 0, Number(etag.slice(2, -1))),
      ).toUTCString();
    }
    if (origin.ranges) headers['accept-ranges'] = 'bytes';
    const match = req.headers['if-match'];
    if (match !== undefined && match !== etag) return res.writeHead(412).end();
    const withLength = req.method === 'HEAD' ? origin.headLength : origin.wholeLength;
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (origin.ranges && range) {
      if (origin.failRanges) return res.writeHead(503).end();
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), bytes.length - 1);
      const body = bytes.subarray(start, end + 1);
      headers['content-range'] = `bytes ${String(start)}-${String(end)}/${String(bytes.length)}`;
      if (withLength) headers['content-length'] = String(body.length);
      res.writeHead(206, headers);
      if (req.method === 'HEAD') return res.end();
      origin.sent.ranges += body.length;
      return res.end(body);
    }
    if (withLength) headers['content-length'] = String(bytes.length);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    // The whole file, PIECE at a time at `wholeRate`; stopped when the reader goes.
    let at = 0;
    const next = () => {
      if (res.destroyed) return;
      if (at >= bytes.length) {
        origin.wholeDone += 1;
        res.end();
        return;
      }
      const piece = bytes.subarray(at, at + PIECE);
      at += piece.length;
      origin.sent.whole += piece.length;
      const wrote = res.write(piece);
      const wait = origin.wholeRate === Infinity ? 0 : (piece.length / origin.wholeRate) * 1000;
      if (wrote && wait === 0) setImmediate(next);
      else if (wrote) setTimeout(next, wait);
      else res.once('drain', () => setTimeout(next, wait));
    };
    next();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  origin.cut = () => {
    server.closeAllConnections();
  };
  origin.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return origin;
}
