/**
 * The signed copy (behaviour.md, "Signatures"): the viewed PDF with each signature drawn into its page's content
 * with pdf-lib. Loaded lazily (its own chunk, `sign-export`): pdf-lib is ~200 kB minified and
 * only this export needs it.
 */
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { PDFImage, PDFPage } from 'pdf-lib';
import type { WatermarkInfo } from '../../domain/document';
import { CSS_PER_POINT } from '../pdf/layout';
import { drawWatermark } from '../watermark';
import { stampPlacement } from './geometry';
import type { PdfBox } from './geometry';

/**
 * The watermark's pixels per PDF point (144 dpi); a CSS pixel is 3/4 of a point at 100 % zoom, so
 * the text keeps the size it has on screen relative to the page.
 */
const WATERMARK_SCALE = 2;

/** The watermark tiled over a `width` × `height` points box, as a PNG (drawn as on print). */
function watermarkPng(info: WatermarkInfo, width: number, height: number): string | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(width * WATERMARK_SCALE));
  canvas.height = Math.max(1, Math.ceil(height * WATERMARK_SCALE));
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  drawWatermark(ctx, canvas.width, canvas.height, info, WATERMARK_SCALE / CSS_PER_POINT);
  const png = canvas.toDataURL('image/png');
  canvas.width = 0;
  canvas.height = 0;
  return png;
}

/**
 * The markup annotations of PDF 2.0 §12.5.6 (comments, their popups and attachments): what
 * `showComment: false` takes out of the copy. Links and form fields stay.
 */
const COMMENT_SUBTYPES = new Set([
  'Text',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Caret',
  'Stamp',
  'Ink',
  'Popup',
  'FileAttachment',
  'Sound',
  'Redact',
]);

function removeComments(page: PDFPage): void {
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annots) return;
  const kept = annots.asArray().filter((ref) => {
    const subtype = page.doc.context.lookupMaybe(ref, PDFDict)?.get(PDFName.of('Subtype'));
    return !(subtype instanceof PDFName && COMMENT_SUBTYPES.has(subtype.decodeText()));
  });
  page.node.set(PDFName.of('Annots'), page.doc.context.obj(kept));
}

export interface Stamp extends PdfBox {
  /** 1-based page. */
  page: number;
  /** `data:image/png;base64,…` */
  image: string;
}

/**
 * The PDF with the watermark, when there is one, over every page, its comments taken out when the
 * policy hides them, and every stamp drawn on its
 * page, in the page's user space (the box already carries
 * the CropBox's origin) and turned with the page's /Rotate so that it reads upright. Stamps on
 * pages the document does not have are skipped; each distinct image is embedded once.
 */
export async function stampPdf(
  bytes: ArrayBuffer | Uint8Array,
  stamps: readonly Stamp[],
  watermark?: WatermarkInfo,
  { comments = true }: { comments?: boolean } = {},
) {
  // A view in this realm's Uint8Array: pdf-lib checks the type with instanceof.
  const pdf = await PDFDocument.load(new Uint8Array(bytes), { updateMetadata: false });
  const pages = pdf.getPages();
  // The policy's showComment: the copy keeps no comment the reader was not shown.
  if (!comments) pages.forEach(removeComments);
  // The reader's watermark (a signed link's name) goes into the copy too, under the signatures as
  // on screen; one image per page size.
  if (watermark) {
    const bySize = new Map<string, PDFImage | null>();
    for (const page of pages) {
      const box = page.getCropBox();
      const size = `${String(box.width)}x${String(box.height)}`;
      if (!bySize.has(size)) {
        const png = watermarkPng(watermark, box.width, box.height);
        bySize.set(size, png === undefined ? null : await pdf.embedPng(png));
      }
      const image = bySize.get(size);
      if (image)
        page.drawImage(image, { x: box.x, y: box.y, width: box.width, height: box.height });
    }
  }
  const images = new Map<string, Awaited<ReturnType<typeof pdf.embedPng>>>();
  for (const stamp of stamps) {
    if (!Number.isInteger(stamp.page) || stamp.page < 1 || stamp.page > pages.length) continue;
    const page = pages[stamp.page - 1];
    let image = images.get(stamp.image);
    if (!image) {
      image = await pdf.embedPng(stamp.image);
      images.set(stamp.image, image);
    }
    const at = stampPlacement(stamp, page.getRotation().angle);
    page.drawImage(image, { ...at, rotate: degrees(at.rotate) });
  }
  return pdf.save();
}
