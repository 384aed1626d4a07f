/**
 * The byte ranges pdf.js reads to open a PDF and draw its page 1 (contracts §3 `firstPageRanges`),
 * found by doing it: pdf.js opens the file through a range transport that notes every range asked
 * for, then builds page 1's drawing, text and annotations. The viewer can then ask for them all at
 * once instead of one round trip per step of pdf.js's reading (an object leads to a font, the font
 * to its stream…, or a flat page tree to each page's dictionary in turn):
 * docs/decisions/2026-11-26-first-page-ranges.md, docs/decisions/2026-11-29-sparse-ranges.md.
 * A whole file's are read here, a task of its own beside the facts (pool-worker.ts); a file still
 * at its source gets them with its facts read by ranges (pdf-facts-worker.ts). Both in the pool's
 * threads, like everything that parses untrusted bytes; bounded further by RANGES_BUDGET_MS and
 * MAX_IMAGE_PIXELS.
 */
import { getDocument, PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { NAMED_RANGES, RANGE_CHUNK } from '../../src/services/pdf/firstRanges.ts';
import type { ByteRange } from './pdf-facts-types.ts';
import { FACILITY_PDFJS } from './pdfjs-options.ts';

/**
 * Larger images are left out (their dictionary is read, not their pixels): decoding one could
 * take more heap and time than the rest, and pdf.js in the viewer reads them anyway.
 */
const MAX_IMAGE_PIXELS = 4_000_000;
/** Longer, and no ranges are named: the document's answer must not wait on them. */
export const RANGES_BUDGET_MS = 5000;

/** Notes the viewer's chunks that a read of [begin, end) touches. */
export function noteChunks(chunks: Set<number>, begin: number, end: number): void {
  for (let chunk = Math.floor(begin / RANGE_CHUNK); chunk * RANGE_CHUNK < end; chunk++) {
    chunks.add(chunk);
  }
}

class NotingTransport extends PDFDataRangeTransport {
  readonly chunks = new Set<number>();
  readonly #data: Uint8Array;

  constructor(data: Uint8Array) {
    super(data.byteLength, null);
    this.#data = data;
  }

  override requestDataRange(begin: number, end: number): void {
    noteChunks(this.chunks, begin, end);
    // Asynchronously, as a network would: pdf.js is not ready for an answer inside its request.
    queueMicrotask(() => {
      try {
        this.onDataRange(begin, this.#data.slice(begin, end));
      } catch {
        // The document was closed meanwhile.
      }
    });
  }
}

/** Consecutive chunks as one range each, the last one ending at the file's end. */
export function rangesOf(chunks: Iterable<number>, length: number): ByteRange[] {
  const sorted = [...chunks].sort((a, b) => a - b);
  const ranges: ByteRange[] = [];
  for (const chunk of sorted) {
    const first = chunk * RANGE_CHUNK;
    const last = Math.min(length, first + RANGE_CHUNK) - 1;
    const previous = ranges.at(-1);
    if (previous && previous[1] + 1 === first) previous[1] = last;
    else ranges.push([first, last]);
  }
  return ranges;
}

/** What the viewer's page view reads to draw page 1: its drawing, its text layer, its links. */
async function readPageOne(doc: PDFDocumentProxy): Promise<void> {
  const page = await doc.getPage(1);
  await Promise.all([page.getOperatorList(), page.getTextContent(), page.getAnnotations()]);
}

/**
 * The ranges noted in `chunks` once `doc` is open and its page 1 read, or [] when pdf.js cannot
 * draw it (that is for the facts to say), it takes longer than RANGES_BUDGET_MS or they would be
 * more than the viewer looks at
 * (NAMED_RANGES).
 */
export async function pageOneRanges(
  doc: PDFDocumentProxy | Promise<PDFDocumentProxy>,
  chunks: ReadonlySet<number>,
  length: number,
): Promise<ByteRange[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error('over budget'));
    }, RANGES_BUDGET_MS);
  });
  try {
    await Promise.race([Promise.resolve(doc).then(readPageOne), late]);
    const ranges = rangesOf(chunks, length);
    return ranges.length <= NAMED_RANGES ? ranges : [];
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * pdf.js reading through `transport` as the viewer's does before page 1 shows: in its chunks,
 * only what is asked for.
 */
export function openByRanges(transport: PDFDataRangeTransport): PDFDocumentLoadingTask {
  return getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    ...FACILITY_PDFJS,
  });
}

/** The ranges a whole file's page 1 needs (pageOneRanges); [] when it cannot be opened. */
export async function firstPageRanges(data: Uint8Array): Promise<ByteRange[]> {
  if (data.byteLength === 0) return [];
  const transport = new NotingTransport(data);
  const task = openByRanges(transport);
  try {
    // Opening is within the budget too: a file whose page tree takes long to walk names nothing.
    return await pageOneRanges(task.promise, transport.chunks, data.byteLength);
  } finally {
    await task.destroy();
  }
}
