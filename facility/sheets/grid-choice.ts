/**
 * Which documents this server shows as grids, and the file each grid reads (docs/server.md,
 * "Sheets"; docs/decisions/2026-12-07-sheet-view-finished.md): a format the table marks `grid`,
 * when `SHEET_VIEW` is `grid` (the default) unless the document's `param.sheetView` asks for
 * `pages` (or, with `SHEET_VIEW=pages`, asks for `grid`). An `.xlsx` or a `.csv` is read as it is;
 * an `.xls`, `.et`, `.ods` or `.fods` (`grid: 'normalised'`) is saved once as an `.xlsx` by
 * LibreOffice in the sandbox, as every conversion is (bounded, queued, cached by the source's
 * content hash: conversion/convert.ts), and that workbook is read.
 */
import type { Stats } from 'node:fs';
import { formatOfDocument, shownName } from '../archives/entries.ts';
import { extensionOf } from '../conversion/formats.ts';
import type { ViewableOf } from '../conversion/viewable.ts';
import type { Answer } from '../http/answer.ts';
import { sheetViewAsked } from '../policy/param.ts';
import type { Found } from '../sources/lookup.ts';

/** How the server shows a workbook or a table of text by default (docs/server.md, "Sheets"). */
export const SHEET_VIEW_MODES = ['grid', 'pages'] as const;
export type SheetViewMode = (typeof SHEET_VIEW_MODES)[number];

export interface GridChoiceOptions {
  /** How the server shows sheets unless a document asks otherwise (`SHEET_VIEW`). */
  sheetView: SheetViewMode;
  viewable: ViewableOf;
}

/** The file a grid reads, by the extension that reads it; or why there is none (yet). */
export type GridFile =
  | { kind: 'ready'; file: string; stats: Stats; ext: string }
  | { kind: 'converting' }
  | { kind: 'failed'; answer: Answer };

export interface GridChoice {
  /** Whether the document is shown as a grid. */
  shownAsGrid: (found: Found) => boolean;
  /** The file its grid reads: itself, or its workbook once LibreOffice saved it. */
  gridFile: (found: Found) => Promise<GridFile>;
}

export function createGridChoice({ sheetView, viewable }: GridChoiceOptions): GridChoice {
  return {
    shownAsGrid({ doc, sidecar }) {
      if (formatOfDocument(doc)?.grid === undefined) return false;
      return (sheetViewAsked(sidecar?.fields) ?? sheetView) === 'grid';
    },
    async gridFile(found) {
      const { doc } = found;
      const grid = formatOfDocument(doc)?.grid;
      if (grid === 'read') {
        return {
          kind: 'ready',
          file: doc.file,
          stats: doc.stats,
          ext: extensionOf(shownName(doc)) ?? '',
        };
      }
      const made = await viewable(found, 'xlsx');
      return made.kind === 'ready' ? { ...made, ext: '.xlsx' } : made;
    },
  };
}
