/**
 * pdf.js's parts for the document session: its opener, the page engine and the thumbnails' drawer,
 * with the viewer's own CSS. Imported by the viewer chunk only, so that pdf.js loads with it and
 * never with the main chunk (docs/architecture.md, "The open document").
 */
import 'pdfjs-dist/web/pdf_viewer.css';
import { createEngine } from './engine';
import { openDocument } from './openDocument';
import { documentSession } from './session';
import { pdfRasterizer } from './thumbnailRaster';

export function provideViewerParts(): void {
  documentSession.provide({ open: openDocument, createEngine, rasterizer: pdfRasterizer });
}
