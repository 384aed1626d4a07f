import { degrees, PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { commentedPdf } from '../../../../browser-tests/support/commentedPdf';
import { drawnImages } from '../../../../browser-tests/support/pdfStamps';
import { stampPdf } from '../stamp';

/** A valid 1 × 1 PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function tinyPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const turned = pdf.addPage([612, 792]);
  turned.setRotation(degrees(90));
  const cropped = pdf.addPage([600, 800]);
  cropped.setCropBox(50, 100, 400, 500);
  return pdf.save();
}

describe('stampPdf (behaviour.md, "Signatures": Download signed copy)', () => {
  it('draws each signature on its page at its box, in user space', async () => {
    const stamps = [
      { page: 1, x: 100, y: 200, width: 150, height: 50, image: PNG },
      { page: 2, x: 300, y: 100, width: 40, height: 120, image: PNG },
      { page: 3, x: 120, y: 150, width: 90, height: 30, image: PNG },
      { page: 9, x: 0, y: 0, width: 10, height: 10, image: PNG },
    ];
    const signed = await stampPdf(await tinyPdf(), stamps);
    const drawn = await drawnImages(signed);
    expect(drawn).toHaveLength(3);
    expect(drawn.map((image) => image.page)).toEqual([1, 2, 3]);
    stamps.slice(0, 3).forEach((stamp, i) => {
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(drawn[i]?.[key]).toBeCloseTo(stamp[key], 6);
    });
    // The document is still whole: same pages, same rotation and crop.
    const reread = await PDFDocument.load(signed);
    expect(reread.getPageCount()).toBe(3);
    expect(reread.getPage(1).getRotation().angle).toBe(90);
    expect(reread.getPage(2).getCropBox()).toEqual({ x: 50, y: 100, width: 400, height: 500 });
  });

  it('embeds one image once however often it is placed', async () => {
    const signed = await stampPdf(await tinyPdf(), [
      { page: 1, x: 10, y: 10, width: 50, height: 20, image: PNG },
      { page: 1, x: 100, y: 10, width: 50, height: 20, image: PNG },
    ]);
    const text = new TextDecoder('latin1').decode(signed);
    // One image and its alpha channel (the signature's transparent background), once.
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(text.match(/\/SMask \d+ 0 R/g)).toHaveLength(1);
    expect(await drawnImages(signed)).toHaveLength(2);
  });

  it('takes the comments out of the copy when the policy hides them, links kept', async () => {
    const subtypes = async (bytes: Uint8Array) => {
      const pdf = await PDFDocument.load(bytes);
      const annots = pdf.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      return (annots?.asArray() ?? []).map((ref) =>
        String(pdf.context.lookup(ref, PDFDict).get(PDFName.of('Subtype'))),
      );
    };
    const original = await commentedPdf();
    expect(await subtypes(original)).toEqual(['/Square', '/Text', '/Link']);
    expect(await subtypes(await stampPdf(original, []))).toEqual(['/Square', '/Text', '/Link']);
    const bare = await stampPdf(original, [], undefined, { comments: false });
    expect(await subtypes(bare)).toEqual(['/Link']);
  });
});
