/** `npm run preview`: the one server (server/app.ts) over a tiny fake dist/, with the simulations. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeDocsDir } from '../routes/__tests__/_docs-dir.ts';
import { plainPdf } from '../routes/__tests__/_fixtures.ts';
import { rawRequest } from '../routes/__tests__/_http-client.ts';
import { contentSecurityPolicy } from '../csp.ts';
import { startServer } from '../app.ts';
import type { RunningServer } from '../app.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';

jest.setTimeout(30_000);

const INDEX = `<!doctype html><html><head>
<script id="folio-settings">window.routerBase = "/";</script>
<script defer src="./main.abc123.js"></script>
</head><body><div id="root"></div></body></html>`;
const MAIN_JS = 'console.log("folio");';
const SECRET = 'a file beside dist/, never served';
const HTML = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const dirs: string[] = [];
let distDir: string;
let docsDir: string;
let preview: RunningServer;
let origin: string;

beforeAll(async () => {
  const outside = await mkdtemp(path.join(tmpdir(), 'folio-preview-'));
  await writeFile(path.join(outside, 'secret.txt'), SECRET);
  distDir = path.join(outside, 'dist');
  await mkdir(distDir);
  await writeFile(path.join(distDir, 'index.html'), INDEX);
  await writeFile(path.join(distDir, 'main.abc123.js'), MAIN_JS);
  await mkdir(path.join(distDir, 'static'));
  await writeFile(
    path.join(distDir, 'static', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  docsDir = await makeDocsDir({ 'a.pdf': await plainPdf(2) });
  dirs.push(outside, docsDir);
  preview = await startServer({
    port: 0,
    basePath: '/viewer/',
    docsDir,
    distDirs: [distDir],
    simulate: true,
    pool: { maxRssMb: guardFromHereMb() },
  });
  origin = new URL(preview.url).origin;
});

afterAll(async () => {
  await preview.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

test('the url is http://localhost:<port><base>', () => {
  expect(preview.url).toMatch(/^http:\/\/localhost:\d+\/viewer\/$/);
});

test.each(['/viewer/', '/viewer/index.html', '/viewer/a/b/c?doc=a.pdf', '/viewer/x.pdf?doc=x.pdf'])(
  '%s gets index.html with routerBase rewritten to the base path',
  async (rawPath) => {
    const res = await fetch(`${origin}${rawPath}`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<script id="folio-settings">window.routerBase = "/viewer/";</script>');
    expect(html).not.toContain('window.routerBase = "/";');
    expect(html).toContain('<div id="root"></div>');
  },
);

test('the page carries one CSP, as header and meta, hashing the rewritten settings block', async () => {
  const res = await fetch(`${origin}/viewer/a/b?doc=a.pdf`, { headers: HTML });
  const html = await res.text();
  const header = res.headers.get('content-security-policy') ?? '';
  const settings = createHash('sha256').update('window.routerBase = "/viewer/";').digest('base64');
  expect(header).toContain(`'sha256-${settings}'`);
  expect(header).toBe(contentSecurityPolicy({ html }));
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  expect(meta).toBe(contentSecurityPolicy({ html, delivery: 'meta' }));
  const asset = await fetch(`${origin}/viewer/main.abc123.js`);
  expect(asset.headers.get('content-security-policy')).toBe(header);
});

test('a deep link without an Accept header still gets the page (no extension)', async () => {
  const res = await fetch(`${origin}/viewer/a/b/c`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('window.routerBase = "/viewer/"');
});

test('hashed assets are served with a long, immutable cache', async () => {
  const res = await fetch(`${origin}/viewer/main.abc123.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(await res.text()).toBe(MAIN_JS);
});

test('unhashed assets must be revalidated', async () => {
  const res = await fetch(`${origin}/viewer/static/logo.svg`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-cache');
});

test('a missing script is a 404, not index.html (chunk-load errors stay real)', async () => {
  const res = await fetch(`${origin}/viewer/404.0123abcd.js`);
  expect(res.status).toBe(404);
});

test('the facility is mounted under the base', async () => {
  const res = await fetch(`${origin}/viewer/api/documents/a.pdf`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ title: 'a', pageCount: 2 });
  const missing = await fetch(`${origin}/viewer/api/documents/nope.pdf`, { headers: HTML });
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ error: 'not_found' });
});

test('the base without its slash redirects to the base, keeping the query', async () => {
  const res = await fetch(`${origin}/viewer?doc=a.pdf`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/viewer/?doc=a.pdf');
});

test.each([
  '/viewer/../secret.txt',
  '/viewer/%2e%2e/secret.txt',
  '/viewer/static/../../secret.txt',
])('%s does not leave dist/', async (rawPath) => {
  const res = await rawRequest(origin, rawPath);
  expect(res.body.toString()).not.toContain(SECRET);
});

test('paths outside the base are 404', async () => {
  expect((await fetch(`${origin}/elsewhere`, { headers: HTML })).status).toBe(404);
  expect((await fetch(`${origin}/main.abc123.js`)).status).toBe(404);
  expect((await fetch(`${origin}/api/documents/a.pdf`)).status).toBe(404);
});

test('at BASE_PATH / the same build serves routerBase "/" and api/ at the root', async () => {
  const root = await startServer({
    port: 0,
    basePath: '/',
    docsDir,
    distDirs: [distDir],
    simulate: true,
    pool: { maxRssMb: guardFromHereMb() },
  });
  try {
    const page = await fetch(`${root.url}deep/link?doc=a.pdf`, { headers: HTML });
    expect(await page.text()).toContain('window.routerBase = "/";');
    expect((await fetch(`${root.url}api/documents/a.pdf`)).status).toBe(200);
  } finally {
    await root.close();
  }
});

test('without dist/index.html it refuses to start, saying why', async () => {
  await expect(
    startServer({ port: 0, distDirs: [docsDir], docsDir, simulate: true }),
  ).rejects.toThrow(/index\.html not found: run npm run build first/);
});

test('run as a script it reads the environment and says where it listens', async () => {
  const script = path.resolve(__dirname, '../main.ts');
  const child = spawn(process.execPath, [script, '--preview'], {
    env: { ...process.env, PORT: '0', BASE_PATH: '/viewer', DOCS_DIR: docsDir, DIST_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 20_000;
    while (!output.includes('\n') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = /^Folio preview on (http:\/\/localhost:\d+\/viewer\/)\n/.exec(output)?.[1];
    expect(url).toBeDefined();
    const page = await fetch(`${url ?? ''}a/b?doc=a.pdf`, { headers: HTML });
    expect(await page.text()).toContain('window.routerBase = "/viewer/";');
    expect((await fetch(`${url ?? ''}api/documents/a.pdf`)).status).toBe(200);
  } finally {
    child.kill();
  }
});

test('an edited settings block survives: the base and PREVIEW_API set, the rest kept, the CSP matching', async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'folio-preview-settings-'));
  dirs.push(dist);
  await writeFile(
    path.join(dist, 'index.html'),
    INDEX.replace(
      'window.routerBase = "/";',
      "window.routerBase = '/'; window.signTargetOrigin = 'https://host.example';",
    ),
  );
  const before = process.env.PREVIEW_API;
  process.env.PREVIEW_API = 'https://preview.example/api';
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      port: 0,
      basePath: '/moved/',
      docsDir,
      distDirs: [dist],
      simulate: true,
      pool: { maxRssMb: guardFromHereMb() },
    });
    const res = await fetch(server.url, { headers: HTML });
    const html = await res.text();
    expect(html).toContain('window.routerBase = "/moved/";');
    expect(html).toContain("window.signTargetOrigin = 'https://host.example';");
    expect(html).toContain('window.previewApi = "https://preview.example/api/";');
    expect(res.headers.get('content-security-policy')).toBe(
      contentSecurityPolicy({ html: html.replace(/<meta http-equiv[^>]*>\s*/, '') }),
    );
  } finally {
    await server?.close();
    if (before === undefined) delete process.env.PREVIEW_API;
    else process.env.PREVIEW_API = before;
  }
});
