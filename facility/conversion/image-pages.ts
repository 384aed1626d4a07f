/**
 * Images pdf-lib cannot embed as they are, made a PDF in the pool (pool-worker.ts; docs/server.md,
 * "Formats"): AVIF and TIFF decoded by sharp (libvips), HEIC and HEIF by heic-decode (libheif
 * compiled to WebAssembly: sharp's prebuilt libheif decodes AV1 only, not the HEVC of a phone's
 * photo), and what sharp's prebuilt libvips does not read at all (decoded-pixels.ts): a PSD's
 * flattened image, a TGA, an ICO's largest icon. Every frame becomes a page the frame's size in pixels (as points), as PNG and JPEG do: a
 * multi-page TIFF one page per frame. Each frame is re-encoded as a JPEG (quality 92, no chroma
 * subsampling, transparency on white) that pdf-lib embeds without decoding it again.
 *
 * Bounded (docs/server.md, "Limits"): the caller checked the first frame's header; here every
 * frame's header is read before any is decoded, and a file with a frame over `maxPixels` or more
 * than {@link MAX_IMAGE_PAGES} frames is refused; the pool bounds the time and memory.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Sharp } from 'sharp';
import { DECODED_PIXELS, decodePixels } from './decoded-pixels.ts';

export interface DecodedImageJob {
  input: string;
  output: string;
  ext: string;
  maxPixels: number;
}

/** `refused`: why the file was not decoded (too many pixels or frames); nothing was written. */
export interface DecodedImage {
  pages: number;
  refused?: string;
}

/** A multi-page TIFF's frames at most: a scanned file, not a video. */
export const MAX_IMAGE_PAGES = 500;

const HEIF = new Set(['.heic', '.heif']);

async function loadSharp() {
  const { default: sharp } = await import('sharp');
  // The pool is the bound on parallel work: libvips adds no threads or cache of its own.
  sharp.concurrency(1);
  sharp.cache(false);
  return sharp;
}

function tooLarge(width: number, height: number, maxPixels: number): string | undefined {
  if (width * height <= maxPixels) return undefined;
  return `a frame is ${String(width)} × ${String(height)} pixels; the limit is ${String(maxPixels / 1e6)} megapixels`;
}

const asJpeg = (image: Sharp) =>
  image
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();

/** The frames as JPEG, with their size; or why they are refused before any is decoded. */
async function frames(job: DecodedImageJob): Promise<Buffer[] | string> {
  const sharp = await loadSharp();
  if (HEIF.has(job.ext)) {
    const { default: decode } = await import('heic-decode');
    // The primary image only, as a photo viewer shows it; its size was checked from the header.
    const image = await decode({ buffer: await readFile(job.input) });
    const refused = tooLarge(image.width, image.height, job.maxPixels);
    if (refused !== undefined) return refused;
    const raw = { width: image.width, height: image.height, channels: 4 as const };
    return [await asJpeg(sharp(image.data, { raw }))];
  }
  if (DECODED_PIXELS.has(job.ext)) {
    const image = await decodePixels(job.ext, await readFile(job.input), job.maxPixels);
    if (typeof image === 'string') return image;
    if ('encoded' in image)
      return [await asJpeg(sharp(image.encoded, { limitInputPixels: job.maxPixels }))];
    const raw = { width: image.width, height: image.height, channels: 4 as const };
    return [await asJpeg(sharp(image.rgba, { raw }))];
  }
  // Headers only, read without sharp's own limit so a frame over it is named in the refusal.
  const header = { limitInputPixels: false } as const;
  const { pages = 1 } = await sharp(job.input, header).metadata();
  if (pages > MAX_IMAGE_PAGES) {
    return `the image has ${String(pages)} frames; the limit is ${String(MAX_IMAGE_PAGES)}`;
  }
  for (let page = 0; page < pages; page += 1) {
    const { width, height } = await sharp(job.input, { ...header, page }).metadata();
    const refused = tooLarge(width, height, job.maxPixels);
    if (refused !== undefined) return refused;
  }
  // Decoded under the limit as well, should a frame's data say more than its header.
  const options = { limitInputPixels: job.maxPixels };
  const jpegs: Buffer[] = [];
  for (let page = 0; page < pages; page += 1) {
    // Turned as its EXIF orientation says, as a photo viewer shows it.
    jpegs.push(await asJpeg(sharp(job.input, { ...options, page }).rotate()));
  }
  return jpegs;
}

export async function decodedImagePdf(job: DecodedImageJob): Promise<DecodedImage> {
  const jpegs = await frames(job);
  if (typeof jpegs === 'string') return { pages: 0, refused: jpegs };
  const doc = await PDFDocument.create();
  for (const jpeg of jpegs) {
    const embedded = await doc.embedJpg(jpeg);
    const page = doc.addPage([embedded.width, embedded.height]);
    page.drawImage(embedded, { x: 0, y: 0, width: embedded.width, height: embedded.height });
  }
  await writeFile(job.output, await doc.save());
  return { pages: jpegs.length };
}
