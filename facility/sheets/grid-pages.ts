/**
 * A workbook shown as a grid has pages only for printing (docs/server.md, "Sheets";
 * docs/decisions/2026-12-06-sheet-print.md): its PDF is made when the viewer asks for its pages
 * (`GET documents/{id}?view=pages`, what a print does), never because something asked for
 * `content` ahead of the answer — the viewer's early pdf.js open and the boot's first ranges would
 * otherwise start LibreOffice on every workbook opened, on the cores the grid's first rows need.
 */
import type { Stats } from 'node:fs';
import { formatOfDocument, shownName } from '../archives/entries.ts';
import { cachedState, conversionKey } from '../conversion/convert.ts';
import { extensionOf } from '../conversion/formats.ts';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import type { SheetViewMode } from '../facts/metadata.ts';
import { gridLinePrinted } from '../policy/param.ts';
import type { DocumentFile } from '../sources/files.ts';
import type { Found } from '../sources/lookup.ts';

export interface GridPagesOptions {
  /** How the server shows sheets (`SHEET_VIEW`). */
  sheetView: SheetViewMode;
  cacheDir: string;
  contentHash: (file: string, stats: Stats) => Promise<string>;
}

export interface GridPages {
  /** The extension the grid reads the document by, when this server shows it as a grid. */
  gridOf: (doc: DocumentFile) => string | undefined;
  /**
   * `content` of a document shown as a grid: its PDF once its pages were asked for and made, else
   * 409 `pages_not_made` (nothing is started).
   */
  madePdf: (found: Found) => Promise<{ kind: 'file'; file: string } | Answer>;
}

export function createGridPages({ sheetView, cacheDir, contentHash }: GridPagesOptions): GridPages {
  return {
    gridOf(doc) {
      const ext = extensionOf(shownName(doc));
      return sheetView === 'grid' && formatOfDocument(doc)?.grid === true ? ext : undefined;
    },
    async madePdf({ doc, sidecar }) {
      const hash = await contentHash(doc.file, doc.stats);
      const key = conversionKey(doc.file, hash, { gridLine: gridLinePrinted(sidecar?.fields) });
      const made = await cachedState(cacheDir, key);
      if (made?.kind === 'ready') return { kind: 'file', file: made.file };
      return jsonError(409, 'pages_not_made', {
        message: `${doc.name} is shown as a grid; its pages are made when asked for with ?view=pages`,
      });
    },
  };
}
