/**
 * Images of the formats decoded-pixels.ts reads, written by the tests: a PSD (ag-psd writes its
 * flattened image), a TGA (@lunapaint/tga-codec), an ICO holding one PNG icon; each the left half
 * red and the right half blue.
 */
import { encodeTga } from '@lunapaint/tga-codec';
import { writePsdBuffer } from 'ag-psd';
import sharp from 'sharp';

export const RED = [220, 30, 30] as const;
export const BLUE = [30, 60, 220] as const;

/** RGBA, the left half red, the right half blue. */
export function halves(width: number, height: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    data.set([...(i % width < width / 2 ? RED : BLUE), 255], i * 4);
  }
  return data;
}

export function psd(width: number, height: number): Buffer {
  const data = halves(width, height);
  return writePsdBuffer({ width, height, imageData: { width, height, data } });
}

/** A PSD's header saying `width` × `height`, with nothing after it. */
export function psdHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(3, 12);
  header.writeUInt32BE(height, 14);
  header.writeUInt32BE(width, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24);
  return header;
}

export async function tga(width: number, height: number): Promise<Uint8Array> {
  const data = halves(width, height);
  return (await encodeTga({ width, height, data: new Uint8Array(data.buffer) })).data;
}

/** An ICO of one PNG icon (the directory says at most 256; the PNG says its real size). */
export async function ico(width: number, height: number): Promise<Buffer> {
  const raw = { width, height, channels: 4 as const };
  const png = await sharp(Buffer.from(halves(width, height).buffer), { raw })
    .png()
    .toBuffer();
  const directory = Buffer.alloc(22);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(1, 4);
  directory.writeUInt8(width % 256, 6);
  directory.writeUInt8(height % 256, 7);
  directory.writeUInt16LE(1, 10);
  directory.writeUInt16LE(32, 12);
  directory.writeUInt32LE(png.length, 14);
  directory.writeUInt32LE(22, 18);
  return Buffer.concat([directory, png]);
}
