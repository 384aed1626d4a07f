import { deflateRawSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { diagramPdf } from '../facility/conversion/diagram-pages.ts';
writeFileSync('/tmp/ofd-scratch/bomb.drawio', `<mxfile><diagram name="p">${deflateRawSync(Buffer.alloc(40 * 1024 ** 2, ' ')).toString('base64')}</diagram></mxfile>`);
console.log(await diagramPdf({ input: '/tmp/ofd-scratch/bomb.drawio', output: '/tmp/ofd-scratch/bomb.pdf', work: '/tmp', ext: '.drawio', maxPixels: 1 }));
