/**
 * What pdf.js asks for, beyond the bytes it is given, to open a PDF and draw page 1 as the viewer
 * does (its drawing, text and links): `node _page-one-reads.ts <file.pdf> '<held ranges JSON>'`,
 * the held ranges `[first, last]` inclusive. Prints the other ranges asked for, as JSON. A script,
 * as Jest cannot load pdf.js's ES modules; the tests run it with Node.
 */
import { readFile } from 'node:fs/promises';
import { getDocument, PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { RANGE_CHUNK } from '../../../src/services/pdf/firstRanges.ts';

const file = process.argv.at(2);
const heldJson = process.argv.at(3);
if (file === undefined || heldJson === undefined) {
  throw new Error("usage: _page-one-reads.ts <file.pdf> '[[first, last], …]'");
}
const data = new Uint8Array(await readFile(file));
const held = JSON.parse(heldJson) as [number, number][];
const isHeld = (at: number) => held.some(([first, last]) => first <= at && at <= last);
const missed: [number, number][] = [];

class Transport extends PDFDataRangeTransport {
  override requestDataRange(begin: number, end: number): void {
    for (let at = begin; at < end; at++) {
      if (!isHeld(at)) {
        missed.push([begin, end - 1]);
        break;
      }
    }
    queueMicrotask(() => {
      this.onDataRange(begin, data.slice(begin, end));
    });
  }
}

// The viewer's chunk size and loading before page 1 (src/services/pdf/openDocument.ts).
const task = getDocument({
  range: new Transport(data.byteLength, null),
  rangeChunkSize: RANGE_CHUNK,
  disableAutoFetch: true,
  disableStream: true,
  verbosity: 0,
});
const doc = await task.promise;
const page = await doc.getPage(1);
await Promise.all([page.getOperatorList(), page.getTextContent(), page.getAnnotations()]);
await task.destroy();
console.log(JSON.stringify(missed));
