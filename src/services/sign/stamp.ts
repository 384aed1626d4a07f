/**
 * The signed copy (behaviour.md, "Signatures"): the viewed PDF with each signature drawn into its page's content
 * with pdf-lib. Loaded lazily (its own chunk, `sign-export`): pdf-lib is ~200 kB minified and
 * only this export needs it.
 */
import { degrees, PDFDocument } from 'pdf-lib';
import { stampPlacement } from './geometry';
import type { PdfBox } from './geometry';

export interface Stamp extends PdfBox {
  /** 1-based page. */
  page: number;
  /** `data:image/png;base64,…` */
  image: string;
}

/**
 * The PDF with every stamp drawn on its page, in the page's user space (the box already carries
 * the CropBox's origin) and turned with the page's /Rotate so that it reads upright. Stamps on
 * pages the document does not have are skipped; each distinct image is embedded once.
 */
export async function stampPdf(bytes: ArrayBuffer | Uint8Array, stamps: readonly Stamp[]) {
  // A view in this realm's Uint8Array: pdf-lib checks the type with instanceof.
  const pdf = await PDFDocument.load(new Uint8Array(bytes), { updateMetadata: false });
  const pages = pdf.getPages();
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
