import { writeFileSync, mkdirSync } from 'node:fs';
import { book } from '../facility/conversion/__tests__/_epub.ts';
import { epubPdf } from '../facility/conversion/epub-pages.ts';
const bytes = await book({ ncx: process.argv[2] === 'ncx', hostile: '<script>alert(1)</script><img src="http://example.com/x.png"/>' });
mkdirSync('/tmp/ofd-scratch/we', { recursive: true });
writeFileSync('/tmp/ofd-scratch/in.epub', bytes);
const t = performance.now();
console.log(await epubPdf({ input: '/tmp/ofd-scratch/in.epub', output: '/tmp/ofd-scratch/book.pdf', work: '/tmp/ofd-scratch/we', maxPixels: 40e6, ext: '' }), performance.now() - t);
