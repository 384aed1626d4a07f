/**
 * The facility's routes on the one server, as `npm start` mounts them (devMiddleware): where they
 * answer, what they pass on, and how the route files are mounted.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RouteFile } from '../routes/types.ts';
import { makeDocsDir as makeDir } from '../routes/__tests__/_docs-dir.ts';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { FELL_THROUGH, rawRequest, serve } from '../routes/__tests__/_http-client.ts';
import type { TestServer } from '../routes/__tests__/_http-client.ts';
import { devMiddleware } from '../app.ts';
import { defaultDocsDir, routeFiles } from '../facility-routes.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';

type MiddlewareOptions = Parameters<typeof devMiddleware>[0];

jest.setTimeout(30_000);

const servers: TestServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function makeDocsDir(files: Record<string, Uint8Array>): Promise<string> {
  const dir = await makeDir(files);
  dirs.push(dir);
  return dir;
}

async function start(options: MiddlewareOptions): Promise<string> {
  const server = await serve(devMiddleware({ pool: { maxRssMb: guardFromHereMb() }, ...options }));
  servers.push(server);
  return server.origin;
}

interface Outline {
  children: Outline[];
}
const countEntries = (items: Outline[]): number =>
  items.reduce((n, item) => n + 1 + countEntries(item.children), 0);

test('every route file in server/routes/ is registered', async () => {
  const routesDir = path.resolve(__dirname, '../routes');
  const names = (await readdir(routesDir)).filter((n) => n.endsWith('.ts') && n !== 'types.ts');
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const mod = (await import(path.join(routesDir, name))) as { default: RouteFile };
    expect(routeFiles).toContain(mod.default);
  }
});

describe('under BASE_PATH /viewer/', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await start({
      basePath: '/viewer/',
      docsDir: await makeDocsDir({ 'a.pdf': await plainPdf() }),
    });
  });

  test('the facility answers at <base>api/', async () => {
    const res = await fetch(`${origin}/viewer/api/documents/a.pdf`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'a', pageCount: 1 });
  });

  test.each([
    '/api/documents/a.pdf',
    '/viewer/',
    '/viewer/index.html',
    '/viewer/a/b/c?doc=a.pdf',
    '/viewer/api',
    '/viewer/apix/documents/a.pdf',
    '/other/viewer/api/documents/a.pdf',
  ])('%s falls through to next()', async (rawPath) => {
    const res = await rawRequest(origin, rawPath);
    expect(res.status).toBe(FELL_THROUGH);
    expect(res.body.toString()).toBe(`next: ${rawPath}`);
  });
});

test('a base path is normalised as BASE_PATH is ("viewer" → /viewer/)', async () => {
  const origin = await start({
    basePath: 'viewer',
    docsDir: await makeDocsDir({ 'a.pdf': await plainPdf() }),
  });
  expect((await fetch(`${origin}/viewer/api/documents/a.pdf`)).status).toBe(200);
});

test('without docsDir or DOCS_DIR it serves the bundled samples (text-1000.pdf)', async () => {
  const saved = process.env.DOCS_DIR;
  delete process.env.DOCS_DIR;
  try {
    const origin = await start({ basePath: '/' });
    const res = await fetch(`${origin}/api/documents/text-1000.pdf`);
    const body = (await res.json()) as { title: string; pageCount: number; docOutline: Outline[] };
    expect(body.title).toBe('Synthetic text-heavy benchmark document (1000 pages)');
    expect(body.pageCount).toBe(1000);
    // 50 chapters of 4 sections each.
    expect(body.docOutline).toHaveLength(50);
    expect(countEntries(body.docOutline)).toBe(250);
  } finally {
    if (saved !== undefined) process.env.DOCS_DIR = saved;
  }
  expect(defaultDocsDir).toBe(path.resolve(__dirname, '../../mock/documents'));
});

test('DOCS_DIR is used when no docsDir is given', async () => {
  const saved = process.env.DOCS_DIR;
  process.env.DOCS_DIR = await makeDocsDir({ 'only-here.pdf': await plainPdf() });
  try {
    const origin = await start({ basePath: '/' });
    expect((await fetch(`${origin}/api/documents/only-here.pdf`)).status).toBe(200);
    expect((await fetch(`${origin}/api/documents/tracemonkey.pdf`)).status).toBe(404);
  } finally {
    if (saved === undefined) delete process.env.DOCS_DIR;
    else process.env.DOCS_DIR = saved;
  }
});

test('a DOCS_DIR that does not exist is an error at start-up, not 404s later', () => {
  expect(() => devMiddleware({ basePath: '/', docsDir: '/nonexistent/folio' })).toThrow(
    /DOCS_DIR .* is not a folder/,
  );
});

describe('mounting route files', () => {
  const echo: RouteFile = {
    'GET /api/echo/:a/:b': (req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ params: req.params, query: req.query, docsDir: req.docsDir }));
    },
    'GET /api/boom': () => Promise.reject(new Error('handler failed')),
    'GET /api/throw': () => {
      throw new Error('thrown before any promise');
    },
  };
  let origin: string;
  let dir: string;
  beforeAll(async () => {
    dir = await makeDocsDir({});
    origin = await start({ basePath: '/', docsDir: dir, files: [echo] });
  });

  test('handlers get decoded params, the query and the docs folder', async () => {
    const res = await fetch(`${origin}/api/echo/x%20y/%C3%BC?q=1&q=2&r=%2F`);
    expect(await res.json()).toEqual({
      params: { a: 'x y', b: 'ü' },
      query: { q: '2', r: '/' },
      docsDir: dir,
    });
  });

  test.each(['boom', 'throw'])(
    'a handler that fails (%s) answers 500 JSON and the server goes on',
    async (route) => {
      const res = await fetch(`${origin}/api/${route}`);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ error: 'internal' });
      expect((await fetch(`${origin}/api/echo/1/2`)).status).toBe(200);
    },
  );

  test('a key that is not "<METHOD> /<path>" is refused when mounting', () => {
    const bad: RouteFile = { '/api/no-method': () => undefined };
    expect(() => devMiddleware({ basePath: '/', docsDir: dir, files: [bad] })).toThrow(
      /is not "<METHOD> \/<path>"/,
    );
  });
});
