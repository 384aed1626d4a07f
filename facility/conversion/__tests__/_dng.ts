/**
 * A camera raw file written by the tests: a DNG (Adobe's DNG specification 1.4, a TIFF whose
 * image is a camera's sensor data) holding an RGGB Bayer mosaic of 16-bit samples, uncompressed,
 * the left half red and the right half blue once demosaiced. Its ColorMatrix1 maps XYZ to linear
 * sRGB, so the camera's colours are sRGB's and a decoder's output keeps them.
 */
import { BLUE, RED } from './_decoded-images.ts';

const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const BYTE = 1;
const RATIONAL = 5;
const SRATIONAL = 10;
const SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 10: 8 };

interface Entry {
  tag: number;
  type: number;
  values: readonly number[] | string;
}

/** sRGB's 8-bit value as the sensor's linear 16-bit one. */
function linear(value: number): number {
  const c = value / 255;
  const l = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  return Math.round(l * 65_535);
}

/** XYZ (D65) to linear sRGB, IEC 61966-2-1. */
const XYZ_TO_SRGB = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.204, 1.057];

function encode(entries: Entry[], strip: Buffer): Buffer {
  entries.sort((a, b) => a.tag - b.tag);
  const ifdSize = 2 + entries.length * 12 + 4;
  const values: Buffer[] = [];
  let dataAt = 8 + ifdSize;
  const ifd = Buffer.alloc(ifdSize);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(({ tag, type, values: raw }, index) => {
    const items = typeof raw === 'string' ? [...Buffer.from(`${raw}\0`, 'latin1')] : raw;
    const count = items.length;
    const bytes = Buffer.alloc(Math.max(4, count * (SIZE[type] ?? 1)));
    items.forEach((item, at) => {
      if (type === SHORT) bytes.writeUInt16LE(item, at * 2);
      else if (type === LONG) bytes.writeUInt32LE(item, at * 4);
      else if (type === RATIONAL) {
        bytes.writeUInt32LE(Math.round(item * 10_000), at * 8);
        bytes.writeUInt32LE(10_000, at * 8 + 4);
      } else if (type === SRATIONAL) {
        bytes.writeInt32LE(Math.round(item * 10_000), at * 8);
        bytes.writeInt32LE(10_000, at * 8 + 4);
      } else bytes.writeUInt8(item, at);
    });
    const at = 2 + index * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(count, at + 4);
    if (bytes.length <= 4) bytes.copy(ifd, at + 8);
    else {
      ifd.writeUInt32LE(dataAt, at + 8);
      values.push(bytes);
      dataAt += bytes.length;
    }
  });
  const stripAt = dataAt;
  // StripOffsets' value is the strip's place, known only now.
  const offsets = entries.findIndex(({ tag }) => tag === 273);
  ifd.writeUInt32LE(stripAt, 2 + offsets * 12 + 8);
  const header = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  return Buffer.concat([header, ifd, ...values, strip]);
}

/** The DNG's tags for a `width` × `height` mosaic of `stripBytes` bytes. */
function tags(width: number, height: number, stripBytes: number, orientation = 1): Entry[] {
  return [
    { tag: 254, type: LONG, values: [0] },
    { tag: 256, type: LONG, values: [width] },
    { tag: 257, type: LONG, values: [height] },
    { tag: 258, type: SHORT, values: [16] },
    { tag: 259, type: SHORT, values: [1] },
    // Colour filter array.
    { tag: 262, type: SHORT, values: [32_803] },
    { tag: 271, type: ASCII, values: 'Folio' },
    { tag: 272, type: ASCII, values: 'Test camera' },
    { tag: 273, type: LONG, values: [0] },
    { tag: 274, type: SHORT, values: [orientation] },
    { tag: 277, type: SHORT, values: [1] },
    { tag: 278, type: LONG, values: [height] },
    { tag: 279, type: LONG, values: [stripBytes] },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 33_421, type: SHORT, values: [2, 2] },
    // R G / G B
    { tag: 33_422, type: BYTE, values: [0, 1, 1, 2] },
    { tag: 50_706, type: BYTE, values: [1, 4, 0, 0] },
    { tag: 50_707, type: BYTE, values: [1, 1, 0, 0] },
    { tag: 50_708, type: ASCII, values: 'Folio Test camera' },
    { tag: 50_717, type: LONG, values: [65_535] },
    { tag: 50_721, type: SRATIONAL, values: XYZ_TO_SRGB },
    { tag: 50_728, type: RATIONAL, values: [1, 1, 1] },
    // D65
    { tag: 50_778, type: SHORT, values: [21] },
  ];
}

/**
 * A DNG of `width` × `height` (even) pixels, the left half red, the right half blue, as the sensor
 * saw it; `orientation` (TIFF's: 6 is turned 90° clockwise to be seen) says how it is shown.
 */
export function dng(width: number, height: number, orientation = 1): Buffer {
  const strip = Buffer.alloc(width * height * 2);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = x < width / 2 ? RED : BLUE;
      // RGGB: red on even rows' even columns, blue on odd rows' odd columns, green between.
      const channel = y % 2 === 0 ? (x % 2 === 0 ? 0 : 1) : x % 2 === 0 ? 1 : 2;
      strip.writeUInt16LE(linear(colour[channel] ?? 0), (y * width + x) * 2);
    }
  }
  return encode(tags(width, height, strip.length, orientation), strip);
}

/** A DNG's header declaring `width` × `height` pixels, with none of them. */
export function dngHeader(width: number, height: number): Buffer {
  return encode(tags(width, height, Math.min(width * height * 2, 0xff_ff_ff_ff)), Buffer.alloc(0));
}
