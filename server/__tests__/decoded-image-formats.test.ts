/**
 * PSD, TGA and ICO decoded in the pool (facility/conversion/decoded-pixels.ts) after the header's
 * pixel check: each one page, the image on it (left half red, right half blue, as the tests write
 * them); a PSD declaring 100 000 × 100 000 refused from its header, a truncated ICO answered as not
 * readable, health answering meanwhile.
 */
import {
  BLUE,
  RED,
  ico,
  psd,
  psdHeader,
  tga,
} from '../../facility/conversion/__tests__/_decoded-images.ts';
import { converted } from './_converted.ts';
import { countPixels } from './_image.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

const near = (colour: readonly number[]) => (r: number, g: number, b: number) =>
  Math.abs(r - (colour[0] ?? 0)) < 40 &&
  Math.abs(g - (colour[1] ?? 0)) < 40 &&
  Math.abs(b - (colour[2] ?? 0)) < 40;

describe('PSD, TGA and ICO', () => {
  let served: Served;

  beforeAll(async () => {
    const icon = await ico(64, 64);
    served = await startServe({
      files: {
        'design.psd': psd(160, 100),
        'texture.tga': await tga(160, 100),
        'favicon.ico': icon,
        'bomb.psd': psdHeader(100_000, 100_000),
        'wide.tga': Buffer.concat([
          Buffer.from([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
          Buffer.from([0xff, 0xff, 0xff, 0xff, 32, 8]),
        ]),
        'cut.ico': icon.subarray(0, 40),
      },
    });
  });
  afterAll(async () => {
    await served.close();
  });

  test.each(['design.psd', 'texture.tga', 'favicon.ico'])(
    '%s becomes one page, the image on it',
    async (id) => {
      const { meta } = await converted(served, id);
      expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
      const previews = meta.body.previews as { url: string };
      const res = await fetch(
        `${served.api}${previews.url.replace('{page}', '1').replace('{width}', '240')}`,
      );
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const red = await countPixels(bytes, near(RED));
      const blue = await countPixels(bytes, near(BLUE));
      expect(red.count / (red.width * red.height)).toBeGreaterThan(0.4);
      expect(blue.count / (blue.width * blue.height)).toBeGreaterThan(0.4);
    },
  );

  test.each([
    ['bomb.psd', 413, 'too_large', 'the image is 100000 × 100000 pixels'],
    ['wide.tga', 413, 'too_large', 'the image is 65535 × 65535 pixels'],
    ['cut.ico', 502, 'conversion_failed', 'not a readable image'],
  ])('%s: %d %s, health answering', async (id, status, error, message) => {
    const { meta } = await converted(served, id);
    expect(meta).toMatchObject({ status, body: { error } });
    expect(String(meta.body.message)).toContain(message);
    expect((await fetch(`${served.api}health`)).status).toBe(200);
  });
});
