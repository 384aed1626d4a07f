/**
 * The pool's tasks (pool.ts), each a named export piscina calls in a worker thread: what parses or
 * decodes untrusted bytes runs here, never on the server's event loop.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { firstPageRanges } from '../facts/first-page-ranges.ts';
import { readPdfFacts, readRemotePdfFacts } from '../facts/pdf-facts-worker.ts';
import type { RemoteFactsJob } from '../facts/pdf-facts-worker.ts';
import type { ByteRange, PdfFacts } from '../facts/pdf-facts-types.ts';
import type { DecodedImage, DecodedImageJob } from '../conversion/image-pages.ts';
import type { DrawnDxf, DxfJob } from '../conversion/dxf-pages.ts';
import type { ImageJob } from './pool.ts';
import { readPageText } from '../previews/page-text.ts';
import type { PageText, PageTextJob } from '../previews/page-text.ts';
import { renderPreview } from '../previews/preview-render.ts';
import type { PreviewJob } from '../previews/preview-types.ts';
import { printGrid } from '../conversion/sheet-grid.ts';
import type { SheetGridJob } from '../conversion/sheet-grid.ts';
import type { PreparedText, TextJob } from '../conversion/text-prepare.ts';
import type { CleanedReferences, ReferencesJob } from '../conversion/references.ts';
import type { Drawn, DrawnJob } from '../conversion/drawn-pdf.ts';
import type { SheetJob, SheetOutcome } from '../sheets/sheet-task.ts';
import type { IsoFactsJob } from '../media/iso-facts.ts';
import type { MediaFacts } from '../media/probe.ts';
import { lowerThisThread } from './thread-priority.ts';

lowerThisThread();

/** Nothing: run once as a thread starts, so it has loaded this module before a first task. */
export function ready(): undefined {
  return undefined;
}

export function facts(file: string): Promise<PdfFacts> {
  return readPdfFacts(file);
}

/** The facts of a PDF read by ranges through the job's port (remote-pdf.ts). */
export function remoteFacts(job: RemoteFactsJob): Promise<PdfFacts> {
  return readRemotePdfFacts(job);
}

/** The bytes page 1 needs (first-page-ranges.ts): a task of its own, whose failure costs nothing. */
export async function ranges(file: string): Promise<ByteRange[]> {
  return firstPageRanges(new Uint8Array(await readFile(file)));
}

/**
 * A page the image's size in pixels (as points), the image filling it. pdf-lib decodes a PNG to
 * RGBA (a JPEG is embedded as it is), so the caller checks the pixel count from the header first.
 */
export async function image({ input, output, ext }: ImageJob): Promise<undefined> {
  const bytes = await readFile(input);
  const doc = await PDFDocument.create();
  const embedded = ext === '.png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  const page = doc.addPage([embedded.width, embedded.height]);
  page.drawImage(embedded, { x: 0, y: 0, width: embedded.width, height: embedded.height });
  await writeFile(output, await doc.save());
  return undefined;
}

/**
 * HEIC, AVIF or TIFF, a page per frame (image-pages.ts). Loaded on its first use, as sharp and
 * libheif's WebAssembly would otherwise slow every thread's start.
 */
export async function decodedImage(job: DecodedImageJob): Promise<DecodedImage> {
  const { decodedImagePdf } = await import('../conversion/image-pages.ts');
  return decodedImagePdf(job);
}

/** A DXF drawing as a vector page (dxf-pages.ts), loaded on its first use as decodedImage() is. */
export async function dxf(job: DxfJob): Promise<DrawnDxf> {
  const { dxfPdf } = await import('../conversion/dxf-pages.ts');
  return dxfPdf(job);
}

/** A page preview (preview-render.ts), written as WebP to the job's output. */
export async function preview(job: PreviewJob): Promise<undefined> {
  await renderPreview(job);
  return undefined;
}

/** A page's text with positions, for a view-only reader's search (page-text.ts). */
export function pageText(job: PageTextJob): Promise<PageText> {
  return readPageText(job);
}

/**
 * Text, a table of text, Markdown or code decoded and made ready for LibreOffice. Loaded on its
 * first use: the detector, markdown-it and highlight.js would otherwise slow every thread's start,
 * which a page preview waits for (docs/decisions/2026-11-27-a-warm-pool-thread.md).
 */
export async function text(job: TextJob): Promise<PreparedText> {
  const { prepareText } = await import('../conversion/text-prepare.ts');
  return prepareText(job);
}

/**
 * SVG, flat ODF or HTML with what it names outside itself dropped (references.ts). Loaded on its
 * first use, as text() is.
 */
export async function references(job: ReferencesJob): Promise<CleanedReferences> {
  const { cleanReferences } = await import('../conversion/references.ts');
  return cleanReferences(job);
}

/** A flat ODF spreadsheet rewritten to print its cell grid (sheet-grid.ts). */
export function sheetGrid(job: SheetGridJob): Promise<undefined> {
  return printGrid(job);
}

/*
 * OFD, EPUB, mind maps and diagrams drawn as PDF pages by pdfkit (converters/drawn.ts). Loaded on
 * their first use, as text() is.
 */
export async function ofd(job: DrawnJob): Promise<Drawn> {
  const { ofdPdf } = await import('../conversion/ofd-pages.ts');
  return ofdPdf(job);
}

export async function epub(job: DrawnJob): Promise<Drawn> {
  const { epubPdf } = await import('../conversion/epub-pages.ts');
  return epubPdf(job);
}

export async function mindMap(job: DrawnJob): Promise<Drawn> {
  const { mindMapPdf } = await import('../conversion/mind-map-pages.ts');
  return mindMapPdf(job);
}

export async function diagram(job: DrawnJob): Promise<Drawn> {
  const { diagramPdf } = await import('../conversion/diagram-pages.ts');
  return diagramPdf(job);
}

/**
 * The sheet view's reading of a workbook or a table of text (facility/sheets/). Loaded on its
 * first use, as text() is.
 */
export async function sheet(job: SheetJob): Promise<SheetOutcome> {
  const { sheetTask } = await import('../sheets/sheet-task.ts');
  return sheetTask(job);
}

/** An MP4's facts from its index (iso-facts.ts), loaded on its first use as text() is. */
export async function isoFacts(job: IsoFactsJob): Promise<MediaFacts | undefined> {
  const { readIsoFacts } = await import('../media/iso-facts.ts');
  return readIsoFacts(job);
}
