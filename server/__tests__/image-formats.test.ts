/**
 * BMP and SVG through LibreOffice Draw (facility/formats.ts), after the header's pixel check: an
 * SVG's script is not run and its external image not fetched (a listener started here counts
 * requests), and an SVG declaring too many pixels is refused before any decoder sees it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { converted } from './_converted.ts';
import { startServe } from './_serve.ts';
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
