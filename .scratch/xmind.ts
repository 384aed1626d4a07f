import { writeFileSync, mkdirSync } from 'node:fs';
import { jsonMap, xmlMap, wideJsonMap } from '../facility/conversion/__tests__/_xmind.ts';
import { mindMapPdf } from '../facility/conversion/mind-map-pages.ts';
mkdirSync('/tmp/ofd-scratch/wx', { recursive: true });
for (const [name, bytes] of [['json', jsonMap()], ['xml', xmlMap()], ['wide', wideJsonMap(1_000_000)]] as const) {
  writeFileSync(`/tmp/ofd-scratch/${name}.xmind`, bytes);
  const t = performance.now();
  console.log(name, bytes.length, await mindMapPdf({ input: `/tmp/ofd-scratch/${name}.xmind`, output: `/tmp/ofd-scratch/${name}.pdf`, work: '/tmp/ofd-scratch/wx', maxPixels: 40e6, ext: '.xmind' }), performance.now() - t);
}
