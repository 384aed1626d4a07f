import { writeFileSync, mkdirSync } from 'node:fs';
import { drawio, bpmn } from '../facility/conversion/__tests__/_diagrams.ts';
import { diagramPdf } from '../facility/conversion/diagram-pages.ts';
mkdirSync('/tmp/ofd-scratch/wd', { recursive: true });
for (const [name, ext, text] of [['plain', '.drawio', drawio()], ['packed', '.dio', drawio(true)], ['flow', '.bpmn', bpmn()]] as const) {
  writeFileSync(`/tmp/ofd-scratch/${name}${ext}`, text);
  console.log(name, await diagramPdf({ input: `/tmp/ofd-scratch/${name}${ext}`, output: `/tmp/ofd-scratch/${name}.pdf`, work: '/tmp/ofd-scratch/wd', maxPixels: 40e6, ext }));
}
