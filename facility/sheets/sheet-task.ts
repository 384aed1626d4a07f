/**
 * The sheet view's pool tasks (pool-worker.ts): a workbook's sheets, a block of rows, a sheet's
 * tail, a search — by the file's kind, `.csv`/`.tsv` (csv-read.ts) or the `.xlsx` family
 * (xlsx-read.ts). A refusal comes back as a value: an error's own fields do not cross threads.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { indexCsv } from './csv-index.ts';
import type { CsvIndex } from './csv-index.ts';
import { readCsvBook, readCsvRows, readCsvTail, searchCsv } from './csv-read.ts';
import { SHEET_LIMITS, SheetError } from './sheet-types.ts';
import type { Book, CellHit, Row, RowBlock, SheetMarks, SheetTail } from './sheet-types.ts';
import { readXlsxMarks } from './xlsx-marks.ts';
import { readXlsxBook, readXlsxRows, readXlsxTail, searchXlsx } from './xlsx-read.ts';

export interface SheetFile {
  file: string;
  /** The extension the file is read by (`.csv`, `.tsv`, else a workbook). */
  ext: string;
}

export type SheetJob =
  | (SheetFile & { task: 'book'; name: string })
  /** `offset`: a table of text's byte offset of row `from`, from its index (csv-index.ts). */
  | (SheetFile & { task: 'rows'; sheet: number; from: number; count: number; offset?: number })
  /** `blocks`: the folder each block of rows is written to as the sheet is read (blockFile). */
  | (SheetFile & { task: 'tail'; sheet: number; blocks?: string })
  | (SheetFile & { task: 'search'; query: string })
  /** A table of text's index: its blocks' byte offsets and its row and column counts. */
  | (SheetFile & { task: 'index' })
  /** A sheet's comments and drawn objects (xlsx-marks.ts); a table of text has none. */
  | (SheetFile & { task: 'marks'; sheet: number });

export type SheetOutcome =
  | { kind: 'book'; book: Book }
  | { kind: 'rows'; block: RowBlock }
  | { kind: 'tail'; tail: SheetTail }
  | { kind: 'search'; hits: CellHit[] }
  /** `index` undefined: the table cannot be indexed by its bytes (its encoding, its line ends). */
  | { kind: 'index'; index: CsvIndex | undefined }
  | { kind: 'marks'; marks: SheetMarks }
  | { kind: 'refused'; code: SheetError['code']; message: string };

/** Where a sheet's block of rows from `from` is cached (the facility's side reads it there). */
export function blockFile(dir: string, sheet: number, from: number): string {
  return path.join(dir, `${String(sheet)}-${String(from)}.json`);
}

/** Written whole under another name first: a reader never sees half a block. */
function writeAtomic(file: string, body: unknown): void {
  const temporary = `${file}.${String(process.pid)}.${String(threadId)}.tmp`;
  writeFileSync(temporary, JSON.stringify(body));
  renameSync(temporary, file);
}

/**
 * Gathers rows into blocks of SHEET_LIMITS.blockRows and writes each as it is complete, the empty
 * ones between included, the last marked `end`: one block in memory at a time.
 */
function blockWriter(dir: string, sheet: number) {
  const size = SHEET_LIMITS.blockRows;
  mkdirSync(dir, { recursive: true });
  let block = 0;
  let rows: Row[] = [];
  let cells = 0;
  let truncated = false;
  const flush = (end: boolean) => {
    const body: RowBlock = { rows, end, ...(truncated ? { truncated: true as const } : {}) };
    writeAtomic(blockFile(dir, sheet, block * size), body);
    block += 1;
    rows = [];
    cells = 0;
    truncated = false;
  };
  return {
    row: (row: Row) => {
      const at = Math.floor(row.r / size);
      while (block < at) flush(false);
      if (cells + row.cells.length > SHEET_LIMITS.blockCells) {
        truncated = true;
        row.cells = row.cells.slice(0, Math.max(0, SHEET_LIMITS.blockCells - cells));
      }
      cells += row.cells.length;
      rows.push(row);
    },
    end: () => {
      flush(true);
    },
  };
}

export const isTable = (ext: string): boolean => ext === '.csv' || ext === '.tsv';

async function run(job: SheetJob): Promise<SheetOutcome> {
  const table = isTable(job.ext);
  switch (job.task) {
    case 'book':
      return {
        kind: 'book',
        book: table ? await readCsvBook(job.file, job.ext, job.name) : await readXlsxBook(job.file),
      };
    case 'rows':
      return {
        kind: 'rows',
        block: table
          ? await readCsvRows(job.file, job.ext, job.from, job.count, job.offset)
          : await readXlsxRows(job.file, job.sheet, job.from, job.count),
      };
    case 'tail': {
      const writer = job.blocks === undefined ? undefined : blockWriter(job.blocks, job.sheet);
      const tail = table
        ? await readCsvTail(job.file, job.ext, writer?.row)
        : await readXlsxTail(job.file, job.sheet, writer?.row);
      writer?.end();
      return { kind: 'tail', tail };
    }
    case 'index':
      return { kind: 'index', index: table ? await indexCsv(job.file, job.ext) : undefined };
    case 'search':
      return {
        kind: 'search',
        hits: table
          ? await searchCsv(job.file, job.ext, job.query)
          : await searchXlsx(job.file, job.query),
      };
    case 'marks':
      return {
        kind: 'marks',
        marks: table
          ? { comments: [], commentsCapped: false, drawings: [], drawingsCapped: false }
          : await readXlsxMarks(job.file, job.sheet),
      };
  }
}

export async function sheetTask(job: SheetJob): Promise<SheetOutcome> {
  try {
    return await run(job);
  } catch (error) {
    if (error instanceof SheetError)
      return { kind: 'refused', code: error.code, message: error.message };
    throw error;
  }
}
