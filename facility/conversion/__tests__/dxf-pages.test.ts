/**
 * dxfPdf's `everyLayerOn` (dxf-pages.ts): a DWG's DXF from LibreDWG marks every layer off (a
 * negative colour, converters/dwg.ts), so the DWG path draws every layer; a DXF's own layers
 * turned off stay undrawn.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dxfPdf } from '../dxf-pages.ts';
import { circle, dxfText, line } from './_dxf.ts';

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
