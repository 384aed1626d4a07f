import { writeFileSync, mkdirSync } from 'node:fs';
import { invoiceOfd } from '../facility/conversion/__tests__/_ofd.ts';
import { ofdPdf } from '../facility/conversion/ofd-pages.ts';
const bytes = await invoiceOfd();
mkdirSync('/tmp/ofd-scratch/w', { recursive: true });
writeFileSync('/tmp/ofd-scratch/in.ofd', bytes);
const t = performance.now();
console.log(await ofdPdf({ input: '/tmp/ofd-scratch/in.ofd', output: '/tmp/ofd-scratch/out.pdf', work: '/tmp/ofd-scratch/w', maxPixels: 40e6, ext: '' }), performance.now() - t);
