/**
 * Reads one file's PdfFacts with pdf.js — from a local file, or by ranges from a document source
 * while its copy fills — in the pool's threads (pool-worker.ts). pdf.js's
 * legacy build is the one meant for Node; in Node it parses on this same thread (its "fake worker"
 * imports the bundled pdf.worker.mjs from disk — nothing is fetched).
 */
import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { PDFDataRangeTransport, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { noteChunks, openByRanges, pageOneRanges } from './first-page-ranges.ts';
import { FACILITY_PDFJS } from './pdfjs-options.ts';
import { UNREADABLE } from './pdf-facts-types.ts';
import type { ByteRange, OutlineEntry, PageSize, PdfFacts } from './pdf-facts-types.ts';

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

function isRef(value: unknown): value is { num: number; gen: number } {
  return typeof value === 'object' && value !== null && 'num' in value && 'gen' in value;
}

/** Named destinations are looked up; explicit ones point at a page by reference or by index. */
async function pageOf(doc: PDFDocumentProxy, dest: OutlineNode['dest']): Promise<number | null> {
  try {
    const explicit: unknown[] | null =
      typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    const target = explicit?.[0];
    let index: number | null = null;
    if (isRef(target)) index = await doc.getPageIndex(target);
    else if (typeof target === 'number' && Number.isInteger(target)) index = target;
    return index !== null && index >= 0 && index < doc.numPages ? index + 1 : null;
  } catch {
    return null; // a destination pdf.js cannot resolve is an entry without a page, not a failure
  }
}

async function outlineOf(doc: PDFDocumentProxy, nodes: OutlineNode[]): Promise<OutlineEntry[]> {
  return Promise.all(
    nodes.map(async (node) => ({
      title: node.title,
      page: await pageOf(doc, node.dest),
      children: await outlineOf(doc, node.items),
    })),
  );
}

/**
 * One size per page, in PDF points (times /UserUnit), as the page is *displayed*: pdf.js's viewport
 * at scale 1 applies the page's /Rotate, so a portrait page with /Rotate 90 reports landscape.
 * That is what the viewer lays out before a page renders. A page pdf.js cannot load reports 0×0
 * (unknown) rather than failing the whole document.
 */
async function pageSizesOf(doc: PDFDocumentProxy): Promise<PageSize[]> {
  const sizes: PageSize[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    try {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      sizes.push({ width, height });
      page.cleanup();
    } catch {
      sizes.push({ width: 0, height: 0 });
    }
  }
  return sizes;
}

async function titleOf(doc: PDFDocumentProxy): Promise<string | null> {
  try {
    const { info } = await doc.getMetadata();
    const title = (info as { Title?: unknown }).Title;
    return typeof title === 'string' && title.trim() !== '' ? title : null;
  } catch {
    return null;
  }
}

/** What a facts task reading by ranges is sent (remote-pdf.ts answers the port). */
export interface RemoteFactsJob {
  port: MessagePort;
  size: number;
}

/** Asked of the port: bytes `begin` to `end` (exclusive), as pdf.js asks. */
export interface RangeAsk {
  begin: number;
  end: number;
}

/** The port's answer: the bytes, or why the source could not give them. */
export type RangeAnswer = { begin: number; bytes: Uint8Array } | { error: string };

/** The source could not give a range: not the document's fault, so never a fact about it. */
class RangeReadError extends Error {}

/**
 * pdf.js's range transport over a port to the main thread, which reads the source; notes the
 * viewer's chunks it reads (first-page-ranges.ts).
 */
class PortTransport extends PDFDataRangeTransport {
  readonly failed: Promise<never>;
  readonly chunks = new Set<number>();
  readonly #port: MessagePort;

  constructor(port: MessagePort, length: number) {
    super(length, null);
    this.#port = port;
    let fail: (error: Error) => void = () => undefined;
    this.failed = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    this.failed.catch(() => undefined);
    port.on('message', (answer: RangeAnswer) => {
      if ('error' in answer) {
        fail(new RangeReadError(answer.error));
        return;
      }
      try {
        this.onDataRange(answer.begin, answer.bytes);
      } catch {
        // The document was closed meanwhile.
      }
    });
  }

  override requestDataRange(begin: number, end: number): void {
    noteChunks(this.chunks, begin, end);
    const ask: RangeAsk = { begin, end };
    this.#port.postMessage(ask);
  }
}

/**
 * Reads the facts of an opened document; a source failure (`failed`) is thrown, not a fact.
 * `pageOne` reads page 1 first, before the other pages, for the ranges that takes.
 */
async function factsOf(
  task: PDFDocumentLoadingTask,
  failed?: Promise<never>,
  pageOne?: (doc: PDFDocumentProxy) => Promise<ByteRange[]>,
): Promise<PdfFacts> {
  const read = async (): Promise<PdfFacts> => {
    // An encrypted file rejects here with a PasswordException: no onPassword handler is set.
    const doc = await task.promise;
    const firstPageRanges = await pageOne?.(doc);
    const outline = (await doc.getOutline().catch(() => null)) as OutlineNode[] | null;
    return {
      title: await titleOf(doc),
      pageCount: doc.numPages,
      pageSize: await pageSizesOf(doc),
      docOutline: outline ? await outlineOf(doc, outline) : [],
      ...(firstPageRanges && { firstPageRanges }),
    };
  };
  try {
    return await (failed ? Promise.race([read(), failed]) : read());
  } catch (error) {
    if (error instanceof RangeReadError) throw error;
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    return { ...UNREADABLE, error: `${name}: ${message}` };
  } finally {
    await task.destroy();
  }
}

export async function readPdfFacts(file: string): Promise<PdfFacts> {
  const data = new Uint8Array(await readFile(file));
  return factsOf(getDocument({ data, ...FACILITY_PDFJS }));
}

/**
 * The facts of a PDF not on this machine yet, read by ranges (docs/server.md, "Document
 * sources"): only what the facts need — the trailer, the page tree, each page's dictionary, the
 * outline — and page 1's contents, for the ranges the viewer will read to open it and draw page 1
 * (the chunks read until then, in the viewer's chunk size).
 */
export async function readRemotePdfFacts({ port, size }: RemoteFactsJob): Promise<PdfFacts> {
  const transport = new PortTransport(port, size);
  try {
    const task = openByRanges(transport);
    return await factsOf(task, transport.failed, (doc) =>
      pageOneRanges(doc, transport.chunks, size),
    );
  } finally {
    port.close();
  }
}
