/**
 * Page previews over real HTTP on the `npm run serve` app (docs/server.md, "Page previews";
 * contracts §3): which documents the answer names them for, the image itself (WebP, the asked
 * width, not blank), every URL that is not one of them, and the cache in CACHE_DIR.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  CORRUPT,
  outlinedPdf,
  ownerPasswordPdf,
  passwordPdf,
  plainPdf,
  tracemonkey,
} from '../routes/__tests__/_fixtures.ts';
import { startFacility } from '../routes/__tests__/_docs-dir.ts';
import { commentedPdf } from '../../browser-tests/support/commentedPdf.ts';
import { countPixels } from './_image.ts';
import { getMeta, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

const HOSTILE_NAME = `a "quoted" 100% #1 中文.pdf`;

let served: Served;

beforeAll(async () => {
  const sample = await tracemonkey();
  served = await startServe({
    files: {
      'tracemonkey.pdf': sample,
      [HOSTILE_NAME]: sample,
      'rotated.pdf': await outlinedPdf(),
      'two.pdf': await plainPdf(2),
      'commented.pdf': await commentedPdf(),
      'hidden-comments.pdf': await commentedPdf(),
      'hidden-comments.pdf.json': JSON.stringify({ param: { showComment: false } }),
      'locked.pdf': await passwordPdf(),
      'owner-only.pdf': await ownerPasswordPdf(),
      'broken.pdf': CORRUPT,
      'converting.pdf': await plainPdf(2),
      'converting.pdf.json': JSON.stringify({ convertMs: 600_000 }),
    },
    // The sidecars' simulated conversion, as `npm start` and `npm run preview` honour it.
    options: { metricsPort: 0, simulate: true },
  });
});

afterAll(() => served.close());

interface Previews {
  url: string;
  pages: number;
  widths: number[];
  drawn: number[];
}

async function previewsOf(id: string): Promise<Previews> {
  const meta = await getMeta(served, id);
  expect(meta.status).toBe(200);
  return meta.body.previews as Previews;
}

function previewUrl(previews: Previews, page: number | string, width: number | string): string {
  const url = previews.url.replace('{page}', String(page)).replace('{width}', String(width));
  return `${served.api}${url}`;
}

async function metric(name: string, labels: string): Promise<number> {
  const address = served.app.metricsAddress();
  if (!address) throw new Error('metrics are not served');
  const text = await (await fetch(`http://127.0.0.1:${String(address.port)}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

const rendered = () => metric('folio_preview_lookups_total', 'outcome="rendered"');
const cached = () => metric('folio_preview_lookups_total', 'outcome="cached"');

/** The decoded image's size and how many of its pixels are not white. */
async function decode(bytes: Buffer): Promise<{ width: number; height: number; inked: number }> {
  const { width, height, count } = await countPixels(
    bytes,
    (r, g, b) => r < 200 || g < 200 || b < 200,
  );
  return { width, height, inked: count };
}

test('the answer names the first pages, their widths and a URL under the content hash', async () => {
  const previews = await previewsOf('tracemonkey.pdf');
  expect(previews).toEqual({
    url: expect.stringMatching(
      /^documents\/tracemonkey\.pdf\/previews\/[0-9a-f]{64}\/\{page\}-\{width\}\.webp$/,
    ) as unknown,
    pages: 10,
    widths: [240, 480, 960, 1440, 1920],
    drawn: expect.any(Array) as unknown,
  });
  // Fewer pages than PREVIEW_PAGES: every page.
  expect((await previewsOf('two.pdf')).pages).toBe(2);
});

test("the answer names the widths page 1's preview is already drawn at", async () => {
  const before = await previewsOf('two.pdf');
  expect(before.drawn).toEqual([]);
  expect((await fetch(previewUrl(before, 1, 960))).status).toBe(200);
  expect((await fetch(previewUrl(before, 2, 480))).status).toBe(200);
  // Page 2's is not page 1's.
  expect((await previewsOf('two.pdf')).drawn).toEqual([960]);
  expect((await fetch(previewUrl(before, 1, 240))).status).toBe(200);
  expect((await previewsOf('two.pdf')).drawn).toEqual([240, 960]);
});

test('an encrypted PDF that opens without a password (owner password only) has them, as it has no prompt', async () => {
  const previews = await previewsOf('owner-only.pdf');
  expect(previews.pages).toBe(1);
  expect((await fetch(previewUrl(previews, 1, 240))).status).toBe(200);
});

test.each([
  ['a password-protected PDF (a preview would skip the prompt)', 'locked.pdf'],
  ['a PDF pdf.js cannot open', 'broken.pdf'],
  ['a document still converting', 'converting.pdf'],
])('no previews for %s, and none served', async (_what, id) => {
  const meta = await getMeta(served, id);
  expect(meta.status).toBe(200);
  expect(meta.body).not.toHaveProperty('previews');
  // Nor the ranges page 1 needs: the file may change, or its pages must wait for the prompt.
  expect(meta.body).not.toHaveProperty('firstPageRanges');
  const hash = (await previewsOf('tracemonkey.pdf')).url.split('/')[3];
  const res = await fetch(`${served.api}documents/${id}/previews/${hash}/1-240.webp`);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: 'not_found' });
});

test('a preview is WebP at the asked width, drawn (not blank), cached immutably', async () => {
  const res = await fetch(previewUrl(await previewsOf('tracemonkey.pdf'), 1, 480));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('etag')).toBeTruthy();
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const image = await decode(bytes);
  // 612 × 792 points at 480 px wide.
  expect(image).toMatchObject({ width: 480, height: Math.round((480 * 792) / 612) });
  expect(image.inked).toBeGreaterThan(1000);
});

test("a page's /Rotate is applied, as the viewer lays the page out", async () => {
  // Page 2 is 200 × 100 points with /Rotate 90: displayed 100 × 200.
  const res = await fetch(previewUrl(await previewsOf('rotated.pdf'), 2, 240));
  expect(res.status).toBe(200);
  expect(await decode(Buffer.from(await res.arrayBuffer()))).toMatchObject({
    width: 240,
    height: 480,
  });
});

test('the second request is served from CACHE_DIR; concurrent first ones share one render', async () => {
  const previews = await previewsOf('tracemonkey.pdf');
  const [renders, hits] = [await rendered(), await cached()];
  const first = await Promise.all([1, 2, 3].map(() => fetch(previewUrl(previews, 2, 240))));
  expect(first.map((res) => res.status)).toEqual([200, 200, 200]);
  await Promise.all(first.map((res) => res.arrayBuffer()));
  expect(await rendered()).toBe(renders + 1);
  const hash = previews.url.split('/')[3];
  const file = path.join(served.cacheDir, 'previews', hash, '2-240.webp');
  const before = await stat(file);

  const again = await fetch(previewUrl(previews, 2, 240));
  expect(again.status).toBe(200);
  await again.arrayBuffer();
  expect(await rendered()).toBe(renders + 1);
  expect(await cached()).toBe(hits + 1);
  // The same file, not one written again (a render renames a new file over it).
  const after = await stat(file);
  expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
});

test('HEAD answers the headers without drawing again', async () => {
  const previews = await previewsOf('tracemonkey.pdf');
  await (await fetch(previewUrl(previews, 1, 240))).arrayBuffer();
  const renders = await rendered();
  const head = await fetch(previewUrl(previews, 1, 240), { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toBe('image/webp');
  expect(await rendered()).toBe(renders);
});

test('a file name with spaces, quotes, %, # and Chinese works through its URL', async () => {
  const previews = await previewsOf(HOSTILE_NAME);
  expect(previews.url.startsWith(`documents/${encodeURIComponent(HOSTILE_NAME)}/previews/`)).toBe(
    true,
  );
  const res = await fetch(previewUrl(previews, 1, 240));
  expect(res.status).toBe(200);
  expect((await decode(Buffer.from(await res.arrayBuffer()))).width).toBe(240);
});

describe('anything but a named preview is a 404', () => {
  test.each([
    ['page 0', '0-240.webp'],
    ['a page past PREVIEW_PAGES', '11-240.webp'],
    ['a width not in the ladder', '1-500.webp'],
    ['a zero-padded page', '01-240.webp'],
    ['another format', '1-240.png'],
  ])('%s', async (_what, name) => {
    const { url } = await previewsOf('tracemonkey.pdf');
    const res = await fetch(`${served.api}${url.replace('{page}-{width}.webp', name)}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });

  test('a page past the end of a short document', async () => {
    const res = await fetch(previewUrl(await previewsOf('two.pdf'), 3, 240));
    expect(res.status).toBe(404);
  });

  test("another document's hash, or a made-up one", async () => {
    const own = await previewsOf('two.pdf');
    const other = (await previewsOf('tracemonkey.pdf')).url.split('/')[3];
    const foreign = own.url.replace(own.url.split('/')[3], other);
    expect((await fetch(previewUrl({ ...own, url: foreign }, 1, 240))).status).toBe(404);
    const madeUp = own.url.replace(own.url.split('/')[3], 'f'.repeat(64));
    expect((await fetch(previewUrl({ ...own, url: madeUp }, 1, 240))).status).toBe(404);
  });

  test('an unknown document', async () => {
    const res = await fetch(
      `${served.api}documents/nothing.pdf/previews/${'0'.repeat(64)}/1-240.webp`,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
});

test('another server sharing CACHE_DIR serves the drawn previews; a failed render is a 404, not a crash', async () => {
  const previews = await previewsOf('tracemonkey.pdf');
  await (await fetch(previewUrl(previews, 1, 960))).arrayBuffer();
  // Every pool task of this one runs out of time at once: only the cache can answer.
  const other = await startServe({
    files: { 'tracemonkey.pdf': await tracemonkey() },
    cacheDir: served.cacheDir,
    options: { pool: { timeoutMs: 1 } },
  });
  try {
    const url = (page: number, width: number) =>
      previewUrl(previews, page, width).replace(served.api, other.api);
    const hit = await fetch(url(1, 960));
    expect(hit.status).toBe(200);
    expect((await decode(Buffer.from(await hit.arrayBuffer()))).width).toBe(960);
    const failed = await fetch(url(5, 1920));
    expect(failed.status).toBe(404);
    expect(await failed.json()).toMatchObject({ error: 'preview_failed' });
    expect((await fetch(`${other.api}health`)).status).toBe(200);
  } finally {
    await other.close();
  }
});

test("npm start's dev facility serves them too", async () => {
  const dev = await startFacility({ 'outlined.pdf': await outlinedPdf() });
  try {
    const meta = (await (await fetch(`${dev.api}documents/outlined.pdf`)).json()) as {
      previews: Previews;
    };
    const url = meta.previews.url.replace('{page}', '1').replace('{width}', '240');
    const res = await fetch(`${dev.api}${url}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/webp']);
  } finally {
    await dev.close();
  }
});

test("showComment: the previews show the page's comments, or are drawn without them", async () => {
  const red = async (url: string) => {
    const res = await fetch(url);
    expect([url, res.status]).toEqual([url, 200]);
    const pixels = await countPixels(Buffer.from(await res.arrayBuffer()), (r, g, b) => {
      return r > 200 && g < 80 && b < 80;
    });
    return pixels.count;
  };
  const shown = await previewsOf('commented.pdf');
  expect(shown.url).toMatch(/\/\{page\}-\{width\}\.webp$/);
  // The square is 150 × 100 pt: at 480 px on a 595 pt page, about 121 × 81 px.
  expect(await red(previewUrl(shown, 1, 480))).toBeGreaterThan(8000);
  const hidden = await previewsOf('hidden-comments.pdf');
  expect(hidden.url).toMatch(/\/\{page\}-\{width\}-bare\.webp$/);
  expect(await red(previewUrl(hidden, 1, 480))).toBe(0);
  // Each document's previews only under its own name: no way round the policy by spelling.
  const withComments = previewUrl(hidden, 1, 480).replace('-bare.webp', '.webp');
  expect((await fetch(withComments)).status).toBe(404);
  const bare = previewUrl(shown, 1, 480).replace('.webp', '-bare.webp');
  expect((await fetch(bare)).status).toBe(404);
});
