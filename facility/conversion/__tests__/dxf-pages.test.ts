/**
 * dxfPdf's `everyLayerOn` (dxf-pages.ts): a DWG's DXF from LibreDWG marks every layer off (a
 * negative colour, converters/dwg.ts), so the DWG path draws every layer; a DXF's own layers
 * turned off stay undrawn; the page's paths as pdf.js reads them.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { dxfPdf } from '../dxf-pages.ts';
import { circle, dxfText, floorPlan, line } from './_dxf.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-dxf-pages-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function drawn(everyLayerOn: boolean) {
  const input = path.join(dir, 'off.dxf');
  // As LibreDWG writes a layer: its colour negative, the layer off.
  await writeFile(
    input,
    dxfText({
      layers: { '0': -7, WALLS: -1 },
      entities: [line('0', 0, 0, 10, 0), circle('WALLS', 5, 5, 2)],
    }),
  );
  return dxfPdf({
    input,
    output: path.join(dir, 'off.pdf'),
    maxEntities: 100,
    maxShapes: 100,
    everyLayerOn,
  });
}

test('layers marked off are drawn with everyLayerOn, and only then', async () => {
  expect(await drawn(false)).toEqual({ shapes: 0 });
  expect(await drawn(true)).toEqual({ shapes: 2 });
});

test("the page's paths: every line, arc and polyline stroked in its layer's colour", async () => {
  const input = path.join(dir, 'plan.dxf');
  const output = path.join(dir, 'plan.pdf');
  await writeFile(input, dxfText(floorPlan()));
  const { shapes } = await dxfPdf({ input, output, maxEntities: 1000, maxShapes: 1000 });
  const pdf = await PDFDocument.load(await readFile(output));
  const contents = pdf.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  const content = streams
    .map((ref) => pdf.context.lookup(ref))
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('the page has no content stream');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n');
  const paths = content.match(/^[SB] Q$/gm) ?? [];
  const texts = content.match(/ Tj$/gm) ?? [];
  // Every shape is one path or one line of text.
  expect(paths.length + texts.length).toBe(shapes);
  expect(paths.length).toBeGreaterThan(5);
  // WALLS (7, white) drawn black on the white page; DOORS (1) red; numbers never in exponent form.
  expect(content).toContain('q 0 0 0 RG');
  expect(content).toContain('q 1 0 0 RG');
  expect(content).not.toMatch(/\de[-+]?\d|NaN|Infinity/);
});
