/**
 * The byte ranges pdf.js reads to open a PDF and draw its page 1 (contracts §3 `firstPageRanges`),
 * found by doing it: pdf.js opens the file through a range transport that answers from memory and
 * notes every range asked for, then builds page 1's drawing, text and annotations. The viewer can
 * then ask for them all at once instead of one round trip per step of pdf.js's reading (an object
 * leads to a font, the font to its stream…): docs/decisions/2026-11-26-first-page-ranges.md.
 * Runs in the pool's threads, a task of its own beside the facts (pool-worker.ts), like everything
 * that parses untrusted bytes; bounded further by RANGES_BUDGET_MS and MAX_IMAGE_PIXELS.
 */
import { getDocument, PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ByteRange } from './pdf-facts-types.ts';
import { FACILITY_PDFJS } from './pdfjs-options.ts';

/** pdf.js's chunk size in the viewer (src/services/pdf/byteSource.ts RANGE_CHUNK). */
export const RANGE_CHUNK = 65_536;
/** More ranges than this are not worth naming: the answer stays small, the viewer's asks few. */
export const MAX_RANGES = 16;
/**
 * Larger images are left out (their dictionary is read, not their pixels): decoding one could
 * take more heap and time than the rest, and pdf.js in the viewer reads them anyway.
 */
const MAX_IMAGE_PIXELS = 4_000_000;
/** Longer, and no ranges are named: the document's answer must not wait on them. */
export const RANGES_BUDGET_MS = 5000;

class NotingTransport extends PDFDataRangeTransport {
  readonly chunks = new Set<number>();
  readonly #data: Uint8Array;

  constructor(data: Uint8Array) {
    super(data.byteLength, null);
    this.#data = data;
  }

  override requestDataRange(begin: number, end: number): void {
    for (let chunk = Math.floor(begin / RANGE_CHUNK); chunk * RANGE_CHUNK < end; chunk++) {
      this.chunks.add(chunk);
    }
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

/**
 * The ranges page 1 needs, or [] when pdf.js cannot draw it (that is for the facts to say) or
 * they would be more than MAX_RANGES.
 */
export async function firstPageRanges(data: Uint8Array): Promise<ByteRange[]> {
  if (data.byteLength === 0) return [];
  const transport = new NotingTransport(data);
  const task = getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK,
    // Only what page 1 asks for, as the viewer's pdf.js before page 1 shows.
    disableAutoFetch: true,
    disableStream: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    ...FACILITY_PDFJS,
  });
  const read = async () => {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    // What the viewer's page view reads to draw page 1: its drawing, its text layer, its links.
    await Promise.all([page.getOperatorList(), page.getTextContent(), page.getAnnotations()]);
    return rangesOf(transport.chunks, data.byteLength);
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error('over budget'));
    }, RANGES_BUDGET_MS);
  });
  try {
    const ranges = await Promise.race([read(), late]);
    return ranges.length <= MAX_RANGES ? ranges : [];
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
    await task.destroy();
  }
}
