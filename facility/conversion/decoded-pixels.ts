/**
 * The images sharp's prebuilt libvips does not read, decoded to RGBA by small MIT decoders in the
 * pool (image-pages.ts; docs/decisions/2026-12-06-cad-drawings-and-decoded-images.md): a PSD's
 * flattened image (ag-psd; the layers are not read), a TGA (@lunapaint/tga-codec), and an ICO's
 * largest icon (decode-ico; a PNG icon handed back still encoded, for sharp to decode under the
 * pixel limit). The caller checked the header's size (headers.ts); the decoded size is checked
 * again, should the data say more than the header did.
 */
import decodeIco from 'decode-ico';
import { decodeTga } from '@lunapaint/tga-codec';
import { initializeCanvas, readPsd } from 'ag-psd';

// ag-psd asks a canvas for its buffers; plain RGBA arrays do, as nothing here draws.
initializeCanvas(
  () => {
    throw new Error('no canvas: only the flattened image is read');
  },
  (width, height) => ({
    width,
    height,
    data: new Uint8ClampedArray(width * height * 4),
    colorSpace: 'srgb',
  }),
);

export const DECODED_PIXELS = new Set(['.psd', '.tga', '.ico']);

export type Pixels =
  | { width: number; height: number; rgba: Uint8Array }
  | { width: number; height: number; encoded: Uint8Array };

function tooLarge(width: number, height: number, maxPixels: number): string | undefined {
  if (width * height <= maxPixels) return undefined;
  return `the image is ${String(width)} × ${String(height)} pixels; the limit is ${String(maxPixels / 1e6)} megapixels`;
}

async function decode(ext: string, bytes: Uint8Array): Promise<Pixels> {
  if (ext === '.psd') {
    // The composite Photoshop saves beside the layers ("Maximize compatibility"); no canvas here.
    const psd = readPsd(bytes, {
      skipLayerImageData: true,
      skipThumbnail: true,
      useImageData: true,
    });
    const image = psd.imageData;
    if (image === undefined) {
      throw new Error('the PSD holds no flattened image (saved without "Maximize compatibility")');
    }
    return {
      width: image.width,
      height: image.height,
      rgba: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    };
  }
  if (ext === '.tga') {
    const { image } = await decodeTga(bytes);
    return { width: image.width, height: image.height, rgba: image.data };
  }
  const icons = decodeIco(bytes);
  const largest = icons.reduce<(typeof icons)[number] | undefined>(
    (best, icon) =>
      best === undefined || icon.width * icon.height > best.width * best.height ? icon : best,
    undefined,
  );
  if (largest === undefined) throw new Error('the ICO holds no icon');
  if (largest.type === 'png')
    return { width: largest.width, height: largest.height, encoded: largest.data };
  return {
    width: largest.width,
    height: largest.height,
    rgba: new Uint8Array(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength),
  };
}

/** The image's pixels, or why it is refused (too many pixels); throws when it cannot be read. */
export async function decodePixels(
  ext: string,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<Pixels | string> {
  const image = await decode(ext, bytes);
  return tooLarge(image.width, image.height, maxPixels) ?? image;
}
