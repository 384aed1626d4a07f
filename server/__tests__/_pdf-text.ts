/**
 * Prints the text of a PDF (pdf.js, every page): `node server/__tests__/_pdf-text.ts <file.pdf>`.
 * A script, as Jest cannot load pdf.js's ES modules; the tests run it with Node.
 */
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const file = process.argv.at(2);
if (file === undefined) throw new Error('usage: _pdf-text.ts <file.pdf>');
const doc = await getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0 }).promise;
const lines: string[] = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  for (const item of content.items) if ('str' in item) lines.push(item.str);
}
console.log(lines.join('\n'));
