/**
 * A page with comments (contracts §5b `showComment`): a red square annotation with its own
 * appearance and the print flag, which pdf.js draws into the page on screen, in thumbnails and in
 * print, and a sticky note (a Text annotation), whose icon it lays over the page. Red is nowhere
 * else on the page, so its pixels tell whether the comments were drawn.
 */
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import type { PDFContext, PDFRef } from 'pdf-lib';

/** Where the square lies, PDF points (page 595 × 842, origin bottom left). */
export const SQUARE = { x: 200, y: 500, width: 150, height: 100 };

/** A sticky note (a Text annotation without an appearance stream): pdf.js draws its icon. */
export function stickyNote(context: PDFContext): PDFRef {
  return context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [72, 600, 96, 624],
      Contents: PDFString.of("A reviewer's note"),
      Name: 'Comment',
      F: 4,
    }),
  );
}

export async function commentedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('A page with comments', { x: 72, y: 740, size: 28, font });
  const { context } = doc;
  const { x, y, width, height } = SQUARE;
  const appearance = context.register(
    context.stream(`1 0 0 rg 0 0 ${String(width)} ${String(height)} re f`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, width, height],
    }),
  );
  const square = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Square',
      Rect: [x, y, x + width, y + height],
      C: [1, 0, 0],
      IC: [1, 0, 0],
      // Print (bit 3): printed as shown.
      F: 4,
      Contents: PDFString.of('A reviewer marked this'),
      AP: { N: appearance },
    }),
  );
  const note = stickyNote(context);
  const link = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [72, 100, 272, 130],
      A: { S: 'URI', URI: PDFString.of('https://example.com/') },
    }),
  );
  page.node.set(PDFName.of('Annots'), context.obj([square, note, link]));
  return doc.save();
}
