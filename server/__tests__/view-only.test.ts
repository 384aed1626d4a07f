/**
 * View-only documents over real HTTP on the `npm run serve` app (docs/server.md, "View only"): a
 * reader who may not download gets page images with the watermark in their pixels and the pages'
 * text, never the file; other readers are unchanged.
 */
import { SignJWT } from 'jose';
import { plainPdf, tracemonkey } from '../routes/__tests__/_fixtures.ts';
import { secretKey } from '../auth-keys.ts';
import { countPixels } from './_image.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

const SECRET = 'v'.repeat(40);
const now = () => Math.floor(Date.now() / 1000);
// A red mark, so its pixels cannot be the page's own (tracemonkey's text is black on white).
const MARKED = JSON.stringify({
  watermarkInfo: { text: '{name} {date}', fontSize: 28, color: 'rgba(255, 0, 0, 0.8)' },
  param: { download: true, print: true, showSearch: true },
});

let served: Served;

beforeAll(async () => {
  const sample = await tracemonkey();
  served = await startServe({
    files: {
      'paper.pdf': sample,
      'paper.pdf.json': MARKED,
      'always.pdf': await plainPdf(2),
      'always.pdf.json': JSON.stringify({ viewOnly: 'always' }),
      'exempt.pdf': await plainPdf(2),
      'exempt.pdf.json': JSON.stringify({ viewOnly: 'off', param: { download: false } }),
    },
    options: { auth: { mode: 'tokens', keys: [secretKey(SECRET)] }, viewOnly: 'auto' },
  });
});

afterAll(() => served.close());

function token(doc: string, perm?: string[]): Promise<string> {
  return new SignJWT({ doc, name: 'Li Lei', perm, exp: now() + 600 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
}

async function get(path: string, bearer: string) {
  const res = await fetch(`${served.api}${path}`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json')
    ? ((await res.json()) as Record<string, unknown>)
    : Buffer.from(await res.arrayBuffer());
  return { status: res.status, type, body };
}

interface ViewOnly {
  pages: string;
  widths: number[];
  text?: string;
}

async function viewOnlyOf(doc: string, bearer: string): Promise<ViewOnly> {
  const meta = await get(`documents/${doc}`, bearer);
  expect(meta.status).toBe(200);
  const body = meta.body as Record<string, unknown>;
  return body.viewOnly as ViewOnly;
}

const pageUrl = (field: ViewOnly, page: number, width: number) =>
  field.pages.replace('{page}', String(page)).replace('{width}', String(width));

/** The decoded image's width, and how many of its pixels are clearly red (the mark's). */
async function redPixels(bytes: Buffer): Promise<{ width: number; red: number }> {
  const { width, count } = await countPixels(bytes, (r, g, b) => r > 180 && g < 120 && b < 120);
  return { width, red: count };
}

describe('a reader whose token lacks download (VIEW_ONLY=auto)', () => {
  let bearer: string;
  let field: ViewOnly;
  beforeAll(async () => {
    bearer = await token('paper.pdf', ['print', 'search']);
    field = await viewOnlyOf('paper.pdf', bearer);
  });

  test('the answer names page images and texts, and no file, byte range or clean preview', async () => {
    const meta = (await get('documents/paper.pdf', bearer)).body as Record<string, unknown>;
    expect(meta).not.toHaveProperty('fileUrl');
    expect(meta).not.toHaveProperty('previews');
    expect(meta).not.toHaveProperty('firstPageRanges');
    expect(meta.pageCount).toBe(14);
    expect(field.widths).toEqual([240, 480, 960, 1440, 1920, 2880]);
    expect(field.pages).toMatch(
      /^documents\/paper\.pdf\/pages\/[0-9a-f]{64}\/\d+\/\{page\}-\{width\}\.webp$/,
    );
    expect(field.text).toMatch(/^documents\/paper\.pdf\/text\/[0-9a-f]{64}\/\{page\}\.json$/);
  });

  test('content and original answer 403 view_only; so does a clean preview', async () => {
    for (const file of ['content', 'original']) {
      expect(await get(`documents/paper.pdf/${file}`, bearer)).toMatchObject({
        status: 403,
        body: { error: 'view_only' },
      });
    }
    const hash = /pages\/([0-9a-f]{64})\//.exec(field.pages)?.[1] ?? '';
    expect(await get(`documents/paper.pdf/previews/${hash}/1-960.webp`, bearer)).toMatchObject({
      status: 403,
      body: { error: 'view_only' },
    });
  });

  test('any page comes as WebP at the width asked, the watermark in its pixels', async () => {
    for (const [page, width] of [
      [1, 960],
      [14, 480],
      [9, 2880],
    ]) {
      const image = await get(pageUrl(field, page, width), bearer);
      expect([page, image.status, image.type]).toEqual([page, 200, 'image/webp']);
      const { width: drawn, red } = await redPixels(image.body as Buffer);
      expect(drawn).toBe(width);
      expect(red).toBeGreaterThan(100);
    }
    // The same page for a reader who may download has no mark drawn in (the viewer draws it on screen).
    const full = await token('paper.pdf');
    const meta = (await get('documents/paper.pdf', full)).body as { previews: { url: string } };
    const clean = await get(
      meta.previews.url.replace('{page}', '1').replace('{width}', '960'),
      full,
    );
    expect(clean.status).toBe(200);
    expect((await redPixels(clean.body as Buffer)).red).toBe(0);
  });

  test('a page, width or minute the answer does not offer is 404', async () => {
    const minute = /\/(\d+)\/\{page\}/.exec(field.pages)?.[1] ?? '';
    const yesterday = String(Math.floor(Date.now() / 60_000) - 25 * 60);
    for (const url of [
      pageUrl(field, 15, 960),
      pageUrl(field, 1, 1000),
      pageUrl(field, 0, 960),
      pageUrl(field, 1, 960).replace(`/${minute}/`, `/${yesterday}/`),
      pageUrl(field, 1, 960).replace(`/${minute}/`, '/99999999999/'),
      pageUrl(field, 1, 960).replace(/[0-9a-f]{64}/, '0'.repeat(64)),
    ]) {
      expect([url, (await get(url, bearer)).status]).toEqual([url, 404]);
    }
  });

  test("each page's text comes with its positions on the displayed page", async () => {
    const text = await get((field.text ?? '').replace('{page}', '1'), bearer);
    expect(text.status).toBe(200);
    const page = text.body as {
      width: number;
      height: number;
      items: { text: string; x: number; y: number; width: number; height: number }[];
    };
    expect(page.width).toBeCloseTo((612 * 96) / 72, 0);
    const title = page.items.find((item) => item.text.includes('Trace-based'));
    expect(title).toBeDefined();
    if (title === undefined) return;
    // The title runs across the top of the page.
    expect(title.y).toBeGreaterThan(0);
    expect(title.y).toBeLessThan(page.height / 4);
    expect(title.x + title.width).toBeLessThanOrEqual(page.width);
    expect(title.height).toBeGreaterThan(10);
    expect((await get((field.text ?? '').replace('{page}', '15'), bearer)).status).toBe(404);
  });

  test('without search, no text: the answer names none and the route refuses', async () => {
    const printOnly = await token('paper.pdf', ['print']);
    const noSearch = await viewOnlyOf('paper.pdf', printOnly);
    expect(noSearch).not.toHaveProperty('text');
    const hash = /pages\/([0-9a-f]{64})\//.exec(noSearch.pages)?.[1] ?? '';
    expect(await get(`documents/paper.pdf/text/${hash}/1.json`, printOnly)).toMatchObject({
      status: 403,
      body: { error: 'search_not_allowed' },
    });
  });
});

test('a reader who may download gets the file as before, and no page images', async () => {
  const bearer = await token('paper.pdf');
  const meta = (await get('documents/paper.pdf', bearer)).body as Record<string, unknown>;
  expect(meta).not.toHaveProperty('viewOnly');
  expect(meta.fileUrl).toBe('documents/paper.pdf/content');
  const hash = /previews\/([0-9a-f]{64})\//.exec(JSON.stringify(meta.previews))?.[1] ?? '';
  const minute = String(Math.floor(Date.now() / 60_000));
  expect((await get('documents/paper.pdf/content', bearer)).status).toBe(200);
  expect((await get(`documents/paper.pdf/pages/${hash}/${minute}/1-960.webp`, bearer)).status).toBe(
    404,
  );
});

test("a sidecar's viewOnly overrides the server: always for every reader, off for none", async () => {
  const always = await token('always.pdf');
  expect((await viewOnlyOf('always.pdf', always)).pages).toMatch(
    /^documents\/always\.pdf\/pages\//,
  );
  expect((await get('documents/always.pdf/content', always)).status).toBe(403);
  const exempt = await token('exempt.pdf', ['print']);
  expect(await viewOnlyOf('exempt.pdf', exempt)).toBeUndefined();
  expect((await get('documents/exempt.pdf/content', exempt)).status).toBe(200);
  expect(await get('documents/exempt.pdf/original', exempt)).toMatchObject({
    status: 403,
    body: { error: 'download_not_allowed' },
  });
});

test('VIEW_ONLY off: a reader without download still gets the PDF', async () => {
  const open = await startServe({
    files: { 'a.pdf': await plainPdf(1) },
    options: { auth: { mode: 'tokens', keys: [secretKey(SECRET)] }, viewOnly: 'off' },
  });
  try {
    const bearer = await token('a.pdf', ['print']);
    const res = await fetch(`${open.api}documents/a.pdf/content`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
  } finally {
    await open.close();
  }
});
