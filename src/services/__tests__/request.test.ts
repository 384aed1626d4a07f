/** @jest-environment node */
/**
 * request.ts and the facility client (facilityClient.ts) over real HTTP: a local server that answers per path, so
 * each typed error comes from a real socket rather than a mocked fetch.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFacilityClient } from '../facilityClient';
import {
  HttpError,
  MalformedResponseError,
  NetworkError,
  requestJson,
  TimeoutError,
} from '../request';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const routes: Partial<Record<string, Handler>> = {
  '/ok': (_, res) => res.end('{"a": 1}'),
  '/missing': (_, res) => {
    res.statusCode = 404;
    res.end('{"error":"not_found"}');
  },
  '/boom': (_, res) => {
    res.statusCode = 502;
    res.end('<h1>bad gateway</h1>');
  },
  '/conversion': (_, res) => {
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end('{"error":"conversion_failed","message":"took too long"}');
  },
  '/huge-error': (_, res) => {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'x', message: 'y'.repeat(10_000) }));
  },
  '/text': (_, res) => res.end('not json'),
  '/empty': (_, res) => res.end(''),
  '/never': () => undefined,
  '/stall-body': (_, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"a":');
  },
  '/big': (_, res) => res.end(`"${'x'.repeat(2_000)}"`),
  '/drop': (req) => req.socket.destroy(),
};

const requested: string[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else res.end(JSON.stringify({ url: req.url, pageCount: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
});

describe('requestJson', () => {
  it('parses a JSON answer', async () => {
    await expect(requestJson(`${origin}/ok`)).resolves.toEqual({ a: 1 });
  });

  it.each([
    ['/missing', 404],
    ['/boom', 502],
  ])('a non-2xx answer (%s) is an HttpError with its status', async (path, status) => {
    const error: unknown = await requestJson(`${origin}${path}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
  });

  it.each([
    ['/conversion', { code: 'conversion_failed', reason: 'took too long' }],
    ['/missing', {}],
    ['/boom', {}],
    ['/huge-error', {}],
  ])("an error's JSON body (%s) gives its code and reason, bounded", async (path, detail) => {
    const error: unknown = await requestJson(`${origin}${path}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).detail).toEqual(detail);
  });

  it.each(['/text', '/empty'])('a 200 that is not JSON (%s) is malformed', async (path) => {
    await expect(requestJson(`${origin}${path}`)).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('a body over the size cap is malformed', async () => {
    await expect(requestJson(`${origin}/big`, { maxBytes: 1_000 })).rejects.toBeInstanceOf(
      MalformedResponseError,
    );
  });

  it('no answer within the timeout is a TimeoutError', async () => {
    await expect(requestJson(`${origin}/never`, { timeoutMs: 100 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('headers in time but a body that stalls is still a TimeoutError', async () => {
    await expect(requestJson(`${origin}/stall-body`, { timeoutMs: 100 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('a connection dropped without an answer is a NetworkError', async () => {
    await expect(requestJson(`${origin}/drop`)).rejects.toBeInstanceOf(NetworkError);
  });

  it("the caller's abort passes through as the caller's reason, not as a typed error", async () => {
    const controller = new AbortController();
    const reason = new Error('navigated away');
    const run = requestJson(`${origin}/never`, { signal: controller.signal });
    controller.abort(reason);
    await expect(run).rejects.toBe(reason);
  });
});

describe('createFacilityClient', () => {
  it('contracts §4 doc: the id is URL-encoded in the facility path', async () => {
    const client = createFacilityClient(`${origin}/api/`);
    await client.getDocument('a b/c?d#e%.pdf');
    expect(requested.at(-1)).toBe('/api/documents/a%20b%2Fc%3Fd%23e%25.pdf');
  });

  it('resolves the document URLs against the base', async () => {
    const client = createFacilityClient(`${origin}/api/`);
    const doc = await client.getDocument('x.pdf');
    expect(doc.fileUrl).toBe(`${origin}/api/documents/x.pdf/content`);
    expect(doc.originalUrl).toBe(`${origin}/api/documents/x.pdf/original`);
    expect(doc.pageCount).toBe(1);
  });

  it.each(['', '.', '..'])('refuses the id %p without a request, as a 404', async (id) => {
    const before = requested.length;
    const client = createFacilityClient(`${origin}/api/`);
    const error: unknown = await client.getDocument(id).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(404);
    expect(requested.length).toBe(before);
  });

  it('refuses a base that is not http(s)', () => {
    expect(() => createFacilityClient('javascript:alert(1)//')).toThrow('http(s)');
  });
});
