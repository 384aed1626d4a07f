/**
 * A sheet's rows, tail and search from the facility (the URLs of the answer's `sheet` field,
 * docs/decisions/2026-12-06-sheet-view.md), each read by read.ts: nothing in them is trusted.
 */
import type { CellHit, RowBlock, SheetBook, SheetMarks, SheetTail } from '../../domain/sheet';
import { requestJson } from '../request';
import {
  readHits,
  readRowBlock,
  readSheetComments,
  readSheetDrawings,
  readSheetTail,
} from './read';

/** A sheet read to its end, or searched, takes a pass over the whole file on the server. */
const WHOLE_SHEET_TIMEOUT_MS = 120_000;

const filled = (template: string, sheet: number, from = 0): string =>
  template.replace('{sheet}', String(sheet)).replace('{from}', String(from));

export async function fetchRowBlock(
  book: SheetBook,
  sheet: number,
  from: number,
): Promise<RowBlock> {
  const raw = await requestJson(filled(book.rowsUrl, sheet, from));
  return readRowBlock(raw, book.styles.length, book.blockRows);
}

export async function fetchSheetTail(book: SheetBook, sheet: number): Promise<SheetTail> {
  const raw = await requestJson(filled(book.tailUrl, sheet), { timeoutMs: WHOLE_SHEET_TIMEOUT_MS });
  return readSheetTail(raw);
}

/** Cells whose text holds `query`; [] when the policy allows no search (no URL). */
export async function fetchCellHits(book: SheetBook, query: string): Promise<CellHit[]> {
  if (book.searchUrl === undefined) return [];
  const url = new URL(book.searchUrl);
  url.searchParams.set('q', query);
  const raw = await requestJson(url.href, { timeoutMs: WHOLE_SHEET_TIMEOUT_MS });
  return readHits(raw, book.sheets.length);
}

/**
 * A sheet's comments (only when the answer names their URL: the policy shows comments) and drawn
 * objects. Both are read on the server in one pass over the sheet's other parts.
 */
export async function fetchSheetMarks(book: SheetBook, sheet: number): Promise<SheetMarks> {
  const { commentsUrl, drawingsUrl } = book;
  const [comments, drawings] = await Promise.all([
    commentsUrl === undefined
      ? []
      : requestJson(filled(commentsUrl, sheet), { timeoutMs: WHOLE_SHEET_TIMEOUT_MS }).then(
          readSheetComments,
        ),
    drawingsUrl === undefined
      ? []
      : requestJson(filled(drawingsUrl, sheet), { timeoutMs: WHOLE_SHEET_TIMEOUT_MS }).then(
          readSheetDrawings,
        ),
  ]);
  return { comments, drawings };
}
