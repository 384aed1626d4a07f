/**
 * Camera raw images developed by LibRaw's dcraw_emu in the sandbox (converters/raw-image.ts), on
 * DNGs the test writes (facility/conversion/__tests__/_dng.ts: a Bayer mosaic, the left half red,
 * the right half blue): one page, the colours and the camera's orientation kept, the same content
 * under a Nikon name developed once (its PDF cached by content); a DNG declaring 30 000 × 30 000
 * refused from its header, one past the limit developed at half size, a truncated one and a text
 * named `.cr2` answered, health answering meanwhile.
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { BLUE, RED } from '../../facility/conversion/__tests__/_decoded-images.ts';
import { dng, dngHeader } from '../../facility/conversion/__tests__/_dng.ts';
import { converted } from './_converted.ts';
import { countPixels } from './_image.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

const near = (colour: readonly number[]) => (r: number, g: number, b: number) =>
  Math.abs(r - (colour[0] ?? 0)) < 48 &&
  Math.abs(g - (colour[1] ?? 0)) < 48 &&
  Math.abs(b - (colour[2] ?? 0)) < 48;

const photo = dng(160, 100);
const turned = dng(160, 100, 6);

async function pageImage(served: Served, id: string): Promise<Buffer> {
  const { meta } = await converted(served, id);
  expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
  const previews = meta.body.previews as { url: string };
  const res = await fetch(
    `${served.api}${previews.url.replace('{page}', '1').replace('{width}', '240')}`,
  );
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('camera raw', () => {
  let served: Served;

  beforeAll(async () => {
    served = await startServe({
      // 160 × 100 is 16 000 pixels: a 200 × 200 raw (40 000) is past the limit, developed at half.
      options: { maxImagePixels: 16_000 },
      files: {
        'photo.dng': photo,
        'same.nef': photo,
        'portrait.dng': turned,
        'large.dng': dng(200, 200),
        'bomb.dng': dngHeader(30_000, 30_000),
        'cut.dng': photo.subarray(0, Math.floor(photo.length / 3)),
        'notes.cr2': Buffer.from('not a raw image at all\n'),
      },
    });
  });
  afterAll(async () => {
    await served.close();
  });

  test('a DNG becomes one page, its colours kept', async () => {
    const bytes = await pageImage(served, 'photo.dng');
    const red = await countPixels(bytes, near(RED));
    const blue = await countPixels(bytes, near(BLUE));
    expect(red.width / red.height).toBeCloseTo(1.6, 1);
    expect(red.count / (red.width * red.height)).toBeGreaterThan(0.4);
    expect(blue.count / (blue.width * blue.height)).toBeGreaterThan(0.4);
  });

  test('the same content under another raw name is the one cached PDF, not developed again', async () => {
    await pageImage(served, 'photo.dng');
    const hash = createHash('sha256').update(photo).digest('hex');
    const before = await stat(path.join(served.cacheDir, `${hash}.pdf`));
    await pageImage(served, 'same.nef');
    const after = await stat(path.join(served.cacheDir, `${hash}.pdf`));
    expect(after.mtimeMs).toBe(before.mtimeMs);
    const cached = (await readdir(served.cacheDir)).filter((name) => name.startsWith(hash));
    expect(cached).toEqual([`${hash}.pdf`]);
  });

  test("the camera's orientation: a raw turned 90° is shown upright, red on top", async () => {
    const bytes = await pageImage(served, 'portrait.dng');
    const { width, height } = await sharp(bytes).metadata();
    expect(height / width).toBeCloseTo(1.6, 1);
    const half = (top: number) =>
      sharp(bytes)
        .extract({ left: 0, top, width, height: Math.floor(height / 2) })
        .png()
        .toBuffer();
    const top = await countPixels(await half(0), near(RED));
    const bottom = await countPixels(await half(Math.ceil(height / 2)), near(BLUE));
    expect(top.count / (top.width * top.height)).toBeGreaterThan(0.8);
    expect(bottom.count / (bottom.width * bottom.height)).toBeGreaterThan(0.8);
  });

  test('a raw past the pixel limit is developed at half size', async () => {
    const { meta } = await converted(served, 'large.dng');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const res = await fetch(`${served.api}documents/large.dng/content`);
    const pdf = await PDFDocument.load(await res.arrayBuffer());
    // A page is its image's size in pixels, as points.
    expect(pdf.getPage(0).getSize()).toEqual({ width: 100, height: 100 });
  });

  test.each([
    ['bomb.dng', 413, 'too_large', 'the image is 30000 × 30000 pixels'],
    ['cut.dng', 502, 'conversion_failed', 'the raw image could not be developed'],
    ['notes.cr2', 415, 'unsupported', 'not a camera raw image this server reads'],
  ])('%s: %d %s, health answering', async (id, status, error, message) => {
    const { meta } = await converted(served, id);
    expect(meta).toMatchObject({ status, body: { error } });
    expect(String(meta.body.message)).toContain(message);
    expect(String(meta.body.message)).not.toMatch(/\/job|\/tmp/);
    expect((await fetch(`${served.api}health`)).status).toBe(200);
  });
});
