/**
 * How the formats' table (formats.ts) recognises and checks content: a PDF's magic, an image's
 * size from its header, an old Office name's content. Each refuses with a ConversionError before
 * any decoder or LibreOffice sees the bytes (docs/server.md, "Formats" and "Limits").
 */
import { open } from 'node:fs/promises';
import { imageSize } from 'image-size';
import { ConversionError } from './failures.ts';
import type { HeaderCheck } from './format.ts';

/** The first KB of a file: what sniffing looks at. */
export async function fileHead(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A PDF, whatever its name: pdf.js too accepts `%PDF-` anywhere in the first KB. */
export function pdfMagic(head: Uint8Array): boolean {
  return Buffer.from(head).subarray(0, 1024).includes('%PDF-');
}

/**
 * 40 megapixels: an A4 page scanned at 600 dpi is 35. Decoded as RGBA that is 160 MB, what a
 * pool thread may hold (docs/server.md, "Limits").
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

/**
 * A TGA's size: it has no signature for image-size to know it by (its guess takes only a file
 * without a colour map), but its 18-byte header always holds the width and height.
 */
function tgaSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 18) throw new Error('the TGA header is cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint16(12, true), height: view.getUint16(14, true) };
}

/** Refuses an image by its header: one that names no readable size, or too many pixels. */
export const imageHeader: HeaderCheck = (bytes, { ext, maxImagePixels }) => {
  let size: { width?: number; height?: number };
  try {
    size = ext === '.tga' ? tgaSize(bytes) : imageSize(bytes);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConversionError('unsupported', `not an image this server reads: ${why}`);
  }
  const { width = 0, height = 0 } = size;
  if (width <= 0 || height <= 0) {
    throw new ConversionError('unsupported', 'the image does not say its size');
  }
  if (width * height > maxImagePixels) {
    throw new ConversionError(
      'too_large',
      `the image is ${String(width)} × ${String(height)} pixels; the limit is ${String(maxImagePixels / 1e6)} megapixels`,
    );
  }
  return undefined;
};

/** The documents of an old Office or WPS name, and the newer format their zip would be. */
type Family = 'text' | 'sheet' | 'slides' | 'drawing';
const ZIPPED: Record<Family, string> = {
  text: '.docx',
  sheet: '.xlsx',
  slides: '.pptx',
  drawing: '.vsdx',
};

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');

/**
 * An OLE2 compound file's name (Office 97–2003, Kingsoft WPS, Visio), its content checked: OLE2
 * as named; a zip of the newer format, RTF or HTML (saved under the old name) read as what it is;
 * anything else refused as unsupported, never handed to LibreOffice to guess.
 */
export function compoundFile(family: Family): HeaderCheck {
  return (head, { ext }) => {
    const bytes = Buffer.from(head.subarray(0, 1024));
    if (bytes.subarray(0, 8).equals(OLE2)) return undefined;
    if (bytes.subarray(0, 4).equals(ZIP)) return { ext: ZIPPED[family] };
    const start = bytes.toString('latin1').trimStart().slice(0, 256).toLowerCase();
    if (start.startsWith('{\\rtf') && family === 'text') return { ext: '.rtf' };
    if (/^(<\?xml[^>]*>\s*)?(<!doctype html|<html)/.test(start)) {
      // Word and Excel "Save as web page" under the old name; Calc reads the tables as a sheet.
      const infilter = family === 'sheet' ? 'HTML (StarCalc)' : 'HTML (StarWriter)';
      return { ext: '.html', infilter, markup: 'html' };
    }
    throw new ConversionError(
      'unsupported',
      `the file is named ${ext} but is not one: neither that format nor RTF, HTML or a zip of the newer one`,
    );
  };
}
