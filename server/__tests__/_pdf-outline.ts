/**
 * Prints a PDF's outline (pdf.js), an entry a line: its depth in spaces, title, ` → `, page:
 * `node server/__tests__/_pdf-outline.ts <file.pdf>`. A script, as _pdf-text.ts is.
 */
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Item {
  title: string;
  dest: string | unknown[] | null;
  items: Item[];
}

const file = process.argv.at(2);
if (file === undefined) throw new Error('usage: _pdf-outline.ts <file.pdf>');
const doc = await getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0 }).promise;
const lines: string[] = [];
async function walk(items: readonly Item[], depth: number): Promise<void> {
  for (const item of items) {
    const dest: unknown[] | null =
      typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
    const ref = dest?.[0];
    const page =
      ref !== undefined && typeof ref === 'object' && ref !== null
        ? (await doc.getPageIndex(ref as { num: number; gen: number })) + 1
        : 0;
    lines.push(`${' '.repeat(depth * 2)}${item.title} → ${String(page)}`);
    await walk(item.items, depth + 1);
  }
}
// pdf.js's types say an array; a PDF without an outline gives null.
const outline: unknown = await doc.getOutline();
await walk(Array.isArray(outline) ? (outline as Item[]) : [], 0);
console.log(lines.join('\n'));
