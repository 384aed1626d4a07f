/**
 * The sheet view's pool tasks (pool-worker.ts): a workbook's sheets, a block of rows, a sheet's
 * tail, a search — by the file's kind, `.csv`/`.tsv` (csv-read.ts) or the `.xlsx` family
 * (xlsx-read.ts). A refusal comes back as a value: an error's own fields do not cross threads.
 */
import { readCsvBook, readCsvRows, readCsvTail, searchCsv } from './csv-read.ts';
import { SheetError } from './sheet-types.ts';
import type { Book, CellHit, RowBlock, SheetTail } from './sheet-types.ts';
import { readXlsxBook, readXlsxRows, readXlsxTail, searchXlsx } from './xlsx-read.ts';

export interface SheetFile {
  file: string;
  /** The extension the file is read by (`.csv`, `.tsv`, else a workbook). */
  ext: string;
}

export type SheetJob =
  | (SheetFile & { task: 'book'; name: string })
  | (SheetFile & { task: 'rows'; sheet: number; from: number; count: number })
  | (SheetFile & { task: 'tail'; sheet: number })
  | (SheetFile & { task: 'search'; query: string });

export type SheetOutcome =
  | { kind: 'book'; book: Book }
  | { kind: 'rows'; block: RowBlock }
  | { kind: 'tail'; tail: SheetTail }
  | { kind: 'search'; hits: CellHit[] }
  | { kind: 'refused'; code: SheetError['code']; message: string };

const isTable = (ext: string): boolean => ext === '.csv' || ext === '.tsv';

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
          ? await readCsvRows(job.file, job.ext, job.from, job.count)
          : await readXlsxRows(job.file, job.sheet, job.from, job.count),
      };
    case 'tail':
      return {
        kind: 'tail',
        tail: table ? await readCsvTail(job.file, job.ext) : await readXlsxTail(job.file, job.sheet),
      };
    case 'search':
      return {
        kind: 'search',
        hits: table
          ? await searchCsv(job.file, job.ext, job.query)
          : await searchXlsx(job.file, job.query),
      };
  }
}

export async function sheetTask(job: SheetJob): Promise<SheetOutcome> {
  try {
    return await run(job);
  } catch (error) {
    if (error instanceof SheetError) return { kind: 'refused', code: error.code, message: error.message };
    throw error;
  }
}
