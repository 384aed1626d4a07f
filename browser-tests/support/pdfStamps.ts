// Reads back where a signed copy draws its images (behaviour.md, "Signatures"): the images the last content stream
// of each page paints, as boxes in the page's user space. pdf-lib appends what it draws as a new
// last stream and wraps the page's own content in q … Q, so that stream starts from the identity.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

export interface DrawnImage {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The image's stream as stored: two drawings of the same pixels store the same bytes. */
  bytes: Uint8Array;
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

export async function drawnImages(bytes: Uint8Array): Promise<DrawnImage[]> {
  const pdf = await PDFDocument.load(bytes);
  const found: DrawnImage[] = [];
  pdf.getPages().forEach((page, index) => {
    const contents = page.node.Contents();
    const last = contents instanceof PDFArray ? contents.lookup(contents.size() - 1) : contents;
    if (!(last instanceof PDFRawStream)) return;
    const text = new TextDecoder('latin1').decode(decodePDFRawStream(last).decode());
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    const operands: string[] = [];
    for (const token of text.split(/\s+/).filter(Boolean)) {
      if (token === 'q') stack.push(ctm);
      else if (token === 'Q') ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (token === 'cm') ctm = multiply(operands.slice(-6).map(Number) as Matrix, ctm);
      else if (token === 'Do') {
        const name = operands.at(-1)?.slice(1) ?? '';
        const object = xObjects?.lookup(PDFName.of(name));
        const subtype =
          object instanceof PDFRawStream ? object.dict.get(PDFName.of('Subtype')) : undefined;
        if (subtype === PDFName.of('Image')) {
          const corners = [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ].map(([u = 0, v = 0]) => [
            u * ctm[0] + v * ctm[2] + ctm[4],
            u * ctm[1] + v * ctm[3] + ctm[5],
          ]);
          const xs = corners.map(([x = 0]) => x);
          const ys = corners.map(([, y = 0]) => y);
          const [x, y] = [Math.min(...xs), Math.min(...ys)];
          found.push({
            page: index + 1,
            x,
            y,
            width: Math.max(...xs) - x,
            height: Math.max(...ys) - y,
            bytes: object instanceof PDFRawStream ? object.contents : new Uint8Array(),
          });
        }
      }
      if (!/^[a-zA-Z'"]+\*?$/.test(token)) operands.push(token);
      else operands.length = 0;
    }
  });
  return found;
}
