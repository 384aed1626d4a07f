/**
 * A workbook's pages for its print (docs/decisions/2026-12-06-sheet-print.md): the facility's
 * answer to `?view=pages`, once complete, opened as the pages view prints it — pdf.js on its PDF,
 * or a view-only reader's page images (whose pixels carry the watermark already).
 */
import type { FacilityDocument } from '../facilityClient';
import { DEFAULT_PAGE_SIZE, docDataOf } from '../facilityDocument';
import { imagePrintSource } from '../pageImages/imagePrint';
import { pdfPrintSource } from '../pdf/printSource';
import { documentSession } from '../pdf/session';
import type { PrintSource } from '../print/printable';

export interface SheetPages {
  pageCount: number;
  source: PrintSource;
  /** The server's images carry the reader's watermark: the print job draws none over them. */
  watermarked: boolean;
  /** Lets go of what opening them held (pdf.js's document). */
  close: () => void;
}

/** `answer`: the facility's complete answer to `?view=pages`. */
export async function openSheetPages(answer: FacilityDocument): Promise<SheetPages> {
  const data = docDataOf(answer);
  if (data.viewOnly) {
    const { pages } = data.viewOnly;
    if (pages === null || data.pageCount < 1)
      throw new Error('the server drew no page of the workbook');
    const sizes = Array.from(
      { length: data.pageCount },
      (_, index) => data.pageSize[index] ?? DEFAULT_PAGE_SIZE,
    );
    const source = imagePrintSource({ ...data.viewOnly, pages, sizes });
    return { pageCount: data.pageCount, source, watermarked: true, close: () => undefined };
  }
  const open = await documentSession.opener();
  const opened = open(data.fileUrl);
  // A workbook's PDF asks for no password (LibreOffice wrote it); a question ends the open.
  opened.attach({ askPassword: () => Promise.resolve(null) });
  try {
    const pdf = await opened.promise;
    return {
      pageCount: pdf.numPages,
      source: pdfPrintSource(pdf),
      watermarked: false,
      close: opened.destroy,
    };
  } catch (error) {
    opened.destroy();
    throw error;
  }
}
