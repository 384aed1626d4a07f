/**
 * BMP and SVG through LibreOffice Draw (facility/conversion/formats.ts), after the header's pixel
 * check: an SVG's script is not run and its external image not fetched (a listener started here
 * counts requests), and an SVG declaring too many pixels is refused before any decoder sees it.
 * HEIC, AVIF and TIFF decoded in the pool (facility/conversion/image-pages.ts), a page per frame,
 * each page the frame's colours; a frame over the pixel limit, the first or a later one, is
 * refused.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { converted } from './_converted.ts';
import { tiff } from './_hostile.ts';
import { countPixels } from './_image.ts';
import { FIXTURES, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

/** A w×h 24-bit BMP of one colour, written by hand. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + row * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(row * height, 34);
  return Buffer.concat([header, Buffer.alloc(row * height, 0x80)]);
}

describe('BMP and SVG', () => {
  let served: Served;
  const hits: string[] = [];
  const listener = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('no');
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${String((listener.address() as AddressInfo).port)}`;
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="200">',
      `<script>fetch("${origin}/script")</script>`,
      `<image href="${origin}/image.png" x="0" y="0" width="100" height="100"/>`,
      `<image xlink:href="${origin}/xlink.png" x="100" y="0" width="100" height="100"/>`,
      '<rect x="10" y="120" width="380" height="60" fill="#88aaff"/>',
      '<text x="20" y="160" font-size="24">图表 Folio logo</text>',
      '</svg>',
    ].join('\n');
    served = await startServe({
      files: {
        'scan.bmp': bmp(40, 30),
        'logo.svg': svg,
        'bomb.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
      },
    });
  });
  afterAll(async () => {
    await served.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  test('a BMP becomes one page', async () => {
    const { meta } = await converted(served, 'scan.bmp');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
  });

  test('an SVG becomes one page with its text; its script and links did nothing', async () => {
    const { meta, text } = await converted(served, 'logo.svg');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    // pdf.js reads the Chinese and the Latin runs in either order.
    expect(text.replace(/\s/g, '')).toContain('图表');
    expect(text.replace(/\s/g, '')).toContain('Foliologo');
    expect(hits).toEqual([]);
  });

  test('an SVG declaring 10 gigapixels is refused from its header', async () => {
    const { meta } = await converted(served, 'bomb.svg');
    expect(meta).toMatchObject({ status: 413, body: { error: 'too_large' } });
  });
});

const RED = '#dd2222';
const GREEN = '#22aa22';
const BLUE = '#2244dd';
const COLOURS: Record<string, (r: number, g: number, b: number) => boolean> = {
  [RED]: (r, g, b) => r > 150 && g < 100 && b < 100,
  [GREEN]: (r, g, b) => g > 120 && r < 100 && b < 100,
  [BLUE]: (r, g, b) => b > 150 && r < 100 && g < 130,
};

const block = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** 128 × 64: the left half red, the right blue (as fixtures/photo.heic). */
const halves = async () =>
  block(128, 64, BLUE).composite([{ input: await block(64, 64, RED).png().toBuffer() }]);

/** A TIFF of these frames, one after the other, written by sharp (every frame the same size). */
async function framesTiff(frames: [number, number, string][]): Promise<Buffer> {
  const pngs = await Promise.all(frames.map(([w, h, c]) => block(w, h, c).png().toBuffer()));
  return sharp(pngs, { join: { animated: true } })
    .tiff()
    .toBuffer();
}

describe('HEIC, AVIF and multi-page TIFF', () => {
  let served: Served;
  // A pixel limit of 8 000: photo.heic (8 192) and the AVIF are refused from their headers, the
  // TIFF's first frame (6 000) passes and its second (20 000) is refused before it is decoded.
  let bombs: Served;

  beforeAll(async () => {
    const heic = await readFile(path.join(FIXTURES, 'photo.heic'));
    const avif = await (await halves()).avif().toBuffer();
    served = await startServe({
      files: {
        'photo.heic': heic,
        // The same bytes: served from the .heic's conversion (the cache is by content).
        'photo.heif': heic,
        'photo.avif': avif,
        'scan.tiff': await framesTiff([
          [100, 60, RED],
          [100, 60, GREEN],
          [100, 60, BLUE],
        ]),
      },
    });
    bombs = await startServe({
      files: {
        'photo.heic': heic,
        'photo.avif': avif,
        'scan.tif': tiff([
          { width: 100, height: 60 },
          { width: 200, height: 100 },
        ]),
        'two-frames.tif': tiff([
          { width: 100, height: 60 },
          { width: 60, height: 100 },
        ]),
      },
      options: { maxImagePixels: 8000 },
    });
  });
  afterAll(async () => {
    await served.close();
    await bombs.close();
  });

  /** How much of page `page`'s preview is each colour (0–1). */
  async function shares(id: string, page: number): Promise<Record<string, number>> {
    const { meta } = await converted(served, id);
    const previews = meta.body.previews as { url: string };
    const url = previews.url.replace('{page}', String(page)).replace('{width}', '240');
    const res = await fetch(`${served.api}${url}`);
    expect([id, page, res.status]).toEqual([id, page, 200]);
    const bytes = Buffer.from(await res.arrayBuffer());
    const out: Record<string, number> = {};
    for (const [colour, matches] of Object.entries(COLOURS)) {
      const { width, height, count } = await countPixels(bytes, matches);
      out[colour] = count / (width * height);
    }
    return out;
  }

  test.each(['photo.heic', 'photo.heif', 'photo.avif'])(
    '%s becomes one page, the image on it',
    async (id) => {
      const { meta } = await converted(served, id);
      expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
      const page = await shares(id, 1);
      expect(page[RED]).toBeGreaterThan(0.4);
      expect(page[BLUE]).toBeGreaterThan(0.4);
    },
  );

  test('a TIFF of three frames becomes three pages, each its frame', async () => {
    const { meta } = await converted(served, 'scan.tiff');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 3 } });
    const colours = [RED, GREEN, BLUE];
    const onPages: number[] = [];
    for (const [index, colour] of colours.entries()) {
      onPages.push((await shares('scan.tiff', index + 1))[colour] ?? 0);
    }
    expect(onPages.map((share) => share > 0.9)).toEqual([true, true, true]);
  });

  test('a hand-written TIFF of two frames under the limit becomes two pages', async () => {
    const { meta } = await converted(bombs, 'two-frames.tif');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 2 } });
  });

  test.each([
    ['photo.heic', /128 × 64 pixels/],
    ['photo.avif', /128 × 64 pixels/],
    // Its first frame passes the header's check; the second is refused before any is decoded.
    ['scan.tif', /a frame is 200 × 100 pixels/],
  ])('%s over the pixel limit is refused as too large', async (id, message) => {
    const { meta } = await converted(bombs, id);
    expect(meta).toMatchObject({ status: 413, body: { error: 'too_large' } });
    expect(String(meta.body.message)).toMatch(message);
  });
});
