/**
 * A sheet's rows, tail and search from the facility (the URLs of the answer's `sheet` field,
 * docs/decisions/2026-12-06-sheet-view.md), each read by read.ts: nothing in them is trusted.
 */
import type { CellHit, RowBlock, SheetBook, SheetTail } from '../../domain/sheet';
import { requestJson } from '../request';
import { readHits, readRowBlock, readSheetTail } from './read';

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
