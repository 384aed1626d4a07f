import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const doc = await getDocument({ data: new Uint8Array(await readFile(process.argv[2])), verbosity: 0 }).promise;
const outline = await doc.getOutline();
const walk = async (items: any[], depth: number) => { for (const i of items ?? []) { const dest = typeof i.dest === 'string' ? await doc.getDestination(i.dest) : i.dest; const page = dest ? await doc.getPageIndex(dest[0]) : -1; console.log(' '.repeat(depth*2) + i.title, '→', page + 1); await walk(i.items, depth + 1); } };
await walk(outline, 0);
