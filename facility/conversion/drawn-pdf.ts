/**
 * The PDF that the converters drawing their own pages write (OFD, EPUB, mind maps, diagrams:
 * docs/decisions/2026-12-06-packages-drawn-as-pages.md): pdfkit, its fonts embedded as subsets so
 * the text is a real text layer pdf.js searches, with the installed CJK font for every glyph a
 * document's own font lacks.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import * as fontkit from 'fontkit';
import { imageSize } from 'image-size';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PackageRefused } from './zip-package.ts';

/** Millimetres to PDF points. */
export const MM = 72 / 25.4;

export interface Fallback {
  /** The font file, and its name in a collection (`.ttc`). */
  file: string;
  family?: string;
  hasGlyph: (codePoint: number) => boolean;
  /** The width of `text` at `size`, in the size's unit (a layout before the page is made). */
  measure: (text: string, size: number) => number;
}

let fallback: Fallback | undefined;

/**
 * fontconfig's font for Chinese (`fonts-wqy-zenhei` by scripts/ensure-test-tools.ts, or Noto Sans
 * CJK where installed), asked once per thread; it has Latin glyphs as well.
 */
export function fallbackFont(): Fallback {
  if (fallback !== undefined) return fallback;
  const [file = '', family] = execFileSync(
    'fc-match',
    ['-f', '%{file}\n%{postscriptname}', 'Noto Sans CJK SC:lang=zh-cn'],
    { encoding: 'utf8', timeout: 5000 },
  ).split('\n');
  const opened = fontkit.openSync(file);
  const isCollection = 'fonts' in opened;
  const font = isCollection
    ? (opened.fonts.find((face) => face.postscriptName === family) ?? opened.fonts[0])
    : opened;
  fallback = {
    file,
    ...(isCollection && { family: font.postscriptName }),
    hasGlyph: (codePoint) => font.hasGlyphForCodePoint(codePoint),
    measure: (text, size) => (font.layout(text).advanceWidth / font.unitsPerEm) * size,
  };
  return fallback;
}

export interface DrawnJob {
  input: string;
  output: string;
  /** The job's folder, where the package's parts are extracted. */
  work: string;
  /** The extension the content is read as (a diagram's: `.drawio`, `.dio` or `.bpmn`). */
  ext: string;
  maxPixels: number;
}

/** `refused`: why nothing was written; `tooLarge` when a cap refused it. */
export interface Drawn {
  pages: number;
  refused?: string;
  tooLarge?: boolean;
}

/** The drawing's answer, a {@link PackageRefused} made a refusal. */
export async function answered(drawing: Promise<Drawn>): Promise<Drawn> {
  try {
    return await drawing;
  } catch (error) {
    if (error instanceof PackageRefused) {
      return { pages: 0, refused: error.message, tooLarge: error.tooLarge };
    }
    throw error;
  }
}

/**
 * An image pdfkit embeds (PNG or JPEG), its size checked from its header first (a declared size
 * over `maxPixels` refuses the file); other formats decoded by sharp under the same limit.
 * Undefined: a format neither reads (JBIG2, SVG).
 */
export async function usableImage(
  bytes: Buffer,
  maxPixels: number,
): Promise<{ data: Buffer; width: number; height: number } | undefined> {
  let size;
  try {
    size = imageSize(bytes);
  } catch {
    return undefined;
  }
  const { width, height, type } = size;
  if (width * height > maxPixels) {
    throw new PackageRefused(
      `an image is ${String(width)} × ${String(height)} pixels; the limit is ${String(maxPixels / 1e6)} megapixels`,
      true,
    );
  }
  if (type === 'png' || type === 'jpg') return { data: bytes, width, height };
  if (type === 'svg') return undefined;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

export type Pdf = PDFKit.PDFDocument;

/**
 * A document whose pages are added by the caller (`page`: the size and margin of those pdfkit adds
 * itself as text flows), its fallback font registered as `fallback`.
 */
export function createPdf(
  title: string,
  page: { size: [number, number]; margin: number } = { size: [595, 842], margin: 0 },
): Pdf {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    // No title: the viewer names the document by its file.
    info: title === '' ? {} : { Title: title },
    ...page,
  });
  const font = fallbackFont();
  doc.registerFont('fallback', font.file, font.family ?? '');
  doc.font('fallback');
  return doc;
}

/** Writes the document to `output`. */
export async function savePdf(doc: Pdf, output: string): Promise<void> {
  const file = createWriteStream(output);
  doc.pipe(file);
  doc.end();
  await finished(file);
}
