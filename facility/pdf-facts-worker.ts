/**
 * Reads one file's PdfFacts with pdf.js; runs in the pool's threads (pool-worker.ts). pdf.js's
 * legacy build is the one meant for Node; in Node it parses on this same thread (its "fake worker"
 * imports the bundled pdf.worker.mjs from disk — nothing is fetched).
 */
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { FACILITY_PDFJS } from './pdfjs-options.ts';
import { UNREADABLE } from './pdf-facts-types.ts';
import type { OutlineEntry, PageSize, PdfFacts } from './pdf-facts-types.ts';

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

export async function readPdfFacts(file: string): Promise<PdfFacts> {
  const data = new Uint8Array(await readFile(file));
  const task = getDocument({
    data,
    ...FACILITY_PDFJS,
  });
  try {
    // An encrypted file rejects here with a PasswordException: no onPassword handler is set.
    const doc = await task.promise;
    const outline = (await doc.getOutline().catch(() => null)) as OutlineNode[] | null;
    return {
      title: await titleOf(doc),
      pageCount: doc.numPages,
      pageSize: await pageSizesOf(doc),
      docOutline: outline ? await outlineOf(doc, outline) : [],
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    return { ...UNREADABLE, error: `${name}: ${message}` };
  } finally {
    await task.destroy();
  }
}
