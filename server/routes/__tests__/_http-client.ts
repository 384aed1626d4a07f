/** A real HTTP server around a middleware, and a client that sends paths exactly as written. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Middleware } from '../../app.ts';

export const FELL_THROUGH = 418;

export interface TestServer {
  origin: string;
  close: () => Promise<void>;
}

/** Whatever the middleware passes on answers 418 with the URL, so tests can see what fell through. */
export async function serve(middleware: Middleware): Promise<TestServer> {
  const server = http.createServer((req, res) => {
    middleware(req, res, () => {
      res.writeHead(FELL_THROUGH, { 'Content-Type': 'text/plain' });
      res.end(`next: ${req.url ?? ''}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * `fetch` normalises the path (`..`, `%2e%2e`, `\`) before sending; this sends it untouched, the
 * way a hostile client would.
 */
export function rawRequest(
  origin: string,
  rawPath: string,
  method = 'GET',
  headers: http.OutgoingHttpHeaders = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
