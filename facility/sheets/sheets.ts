/**
 * The sheet view's part of the facility (docs/server.md, "Sheets"; docs/decisions/
 * 2026-12-06-sheet-view.md): a workbook's or a table of text's `sheet` field for the metadata, and
 * `GET documents/{id}/sheets/{hash}/{name}` — a block of rows (`{sheet}-{from}.json`), a sheet's
 * tail (`{sheet}-tail.json`: its row count, merged ranges and links) or a search
 * (`search.json?q=`), or a sheet's marks (`{sheet}-comments.json`, only when the policy shows comments;
 * `{sheet}-drawings.json`). Everything is read in the pool (sheet-task.ts) and kept under CACHE_DIR by
 * the file's content hash, as the PDF and its previews are: a URL names one version, for good.
 *
 * Once the sheets are known, block 0 of the first shown sheet is read at once (the viewer asks for
 * it next), then each sheet is read to its end once, writing every block on the way, so a jump
 * to the last row is a file read, not a second pass over the sheet; a block asked for before the
 * pass reaches it is read by itself meanwhile. A table of text is indexed instead (csv-index.ts):
 * its tail from one scan of its bytes, any block by seeking to its offset
 * (docs/decisions/2026-12-07-sheet-first-screen-and-jump.md).
 */
import type { Stats } from 'node:fs';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { busy, jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import { PoolBusyError, PoolMemoryError, PoolTimeoutError } from '../pool/pool.ts';
import type { Pool } from '../pool/pool.ts';
import { indexTail } from './csv-index.ts';
import type { CsvIndex } from './csv-index.ts';
import { blockFile, isTable } from './sheet-task.ts';
import type { SheetJob, SheetOutcome } from './sheet-task.ts';
import { SHEET_LIMITS } from './sheet-types.ts';
import type { Book, RowBlock } from './sheet-types.ts';

export interface SheetsOptions {
  pool: Pool;
  cacheDir: string;
  contentHash: (file: string, stats: Stats) => Promise<string>;
  log?: (event: Record<string, unknown>) => void;
}

/** The file a sheet is read from, as the lookup found it. */
export interface SheetSource {
  file: string;
  stats: Stats;
  /** Its extension (`.xlsx`, `.csv`…): what reads it. */
  ext: string;
  /** Its title: a table of text's one sheet is named so. */
  title: string;
}

export interface Sheets {
  /** The workbook's sheets and styles with the hash its URLs name, or the refusal to answer. */
  book: (source: SheetSource) => Promise<{ hash: string; book: Book } | Answer>;
  /** `GET documents/{id}/sheets/{hash}/{name}` for the source `id` names now. */
  answer: (
    source: SheetSource,
    hash: string,
    name: string,
    options: { query: string | undefined; searchable: boolean; comments: boolean },
  ) => Promise<Answer>;
}

/** A block's URL names its content: browsers keep it without asking. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
/** A search's text, at most (as the viewer's find bar caps it). */
const MAX_QUERY = 256;

const REFUSAL_STATUS = { too_large: 413, unreadable: 422 } as const;

/**
 * The `sheet` field's URL templates for document `id` (contracts §3 "Views beyond pages"): no
 * search without the policy's search, no comments without its `showComment`.
 */
export function sheetUrls(
  id: string,
  hash: string,
  allowed: { searchable: boolean; comments: boolean },
) {
  const base = `documents/${encodeURIComponent(id)}/sheets/${hash}`;
  return {
    rows: `${base}/{sheet}-{from}.json`,
    tail: `${base}/{sheet}-tail.json`,
    drawings: `${base}/{sheet}-drawings.json`,
    ...(allowed.comments && { comments: `${base}/{sheet}-comments.json` }),
    ...(allowed.searchable && { search: `${base}/search.json` }),
    blockRows: SHEET_LIMITS.blockRows,
  };
}

async function writeAtomic(file: string, body: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${String(process.pid)}.tmp`;
  await writeFile(temporary, JSON.stringify(body));
  await rename(temporary, file);
}

async function cachedJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

const ANSWER_KINDS: readonly string[] = ['json', 'raw', 'file', 'ranges'];
const isAnswer = (outcome: SheetOutcome | Answer): outcome is Answer =>
  ANSWER_KINDS.includes(outcome.kind);

export function createSheets(options: SheetsOptions): Sheets {
  const { pool, cacheDir, contentHash, log } = options;
  const dirOf = (hash: string) => path.join(cacheDir, 'sheets', hash);
  /** Work in flight by its cache file: a second asker waits for the first one's. */
  const inFlight = new Map<string, Promise<SheetOutcome | Answer>>();

  async function run(job: SheetJob): Promise<SheetOutcome | Answer> {
    try {
      return await pool.run('sheet', job);
    } catch (error) {
      if (error instanceof PoolBusyError) return busy('the server is reading many sheets');
      if (error instanceof PoolTimeoutError || error instanceof PoolMemoryError) {
        log?.({ event: 'sheet_refused', task: job.task, error: error.message });
        return jsonError(413, 'too_large', { message: 'the sheet is too large to read in time' });
      }
      throw error;
    }
  }

  function once(key: string, work: () => Promise<SheetOutcome | Answer>) {
    let running = inFlight.get(key);
    if (running === undefined) {
      running = work().finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  }

  const refusal = (outcome: SheetOutcome | Answer): Answer | undefined => {
    if (isAnswer(outcome)) return outcome;
    if (outcome.kind === 'refused') {
      return jsonError(REFUSAL_STATUS[outcome.code], outcome.code, { message: outcome.message });
    }
    return undefined;
  };

  /**
   * A table of text's index (csv-index.ts), made once and kept as `index.json`; null when its
   * bytes cannot be indexed (then it is read as a workbook is).
   */
  async function tableIndex(source: SheetSource, hash: string): Promise<CsvIndex | null | Answer> {
    const file = path.join(dirOf(hash), 'index.json');
    const cached = (await cachedJson(file)) as CsvIndex | null | undefined;
    if (cached !== undefined) return cached;
    const outcome = await once(file, async () => {
      const made = await run({ task: 'index', file: source.file, ext: source.ext });
      if (made.kind === 'index') await writeAtomic(file, made.index ?? null);
      return made;
    });
    if (!isAnswer(outcome) && outcome.kind === 'index') return outcome.index ?? null;
    return refusal(outcome) ?? jsonError(500, 'sheet_failed');
  }

  /**
   * A sheet read to its end once, its blocks cached on the way; a table of text's from its index
   * (its blocks are then read by seeking, when asked).
   */
  function tail(source: SheetSource, hash: string, sheet: number) {
    const file = path.join(dirOf(hash), `${String(sheet)}-tail.json`);
    return once(file, async (): Promise<SheetOutcome | Answer> => {
      if (isTable(source.ext)) {
        const index = await tableIndex(source, hash);
        if (index !== null && !('offsets' in index)) return index;
        if (index !== null) {
          const indexed = indexTail(index);
          await writeAtomic(file, indexed);
          return { kind: 'tail', tail: indexed };
        }
      }
      const outcome = await run({
        task: 'tail',
        file: source.file,
        ext: source.ext,
        sheet,
        blocks: dirOf(hash),
      });
      if (outcome.kind === 'tail') await writeAtomic(file, outcome.tail);
      return outcome;
    });
  }

  /**
   * A sheet's marks, read once: its comments and its drawings each written to their own file, so
   * a reader who is not shown comments is served the drawings' file and never the comments'.
   */
  function marks(source: SheetSource, hash: string, sheet: number) {
    const drawingsFile = path.join(dirOf(hash), `${String(sheet)}-drawings.json`);
    return once(drawingsFile, async () => {
      const outcome = await run({ task: 'marks', file: source.file, ext: source.ext, sheet });
      if (outcome.kind === 'marks') {
        const { comments, commentsCapped, drawings, drawingsCapped } = outcome.marks;
        await writeAtomic(path.join(dirOf(hash), `${String(sheet)}-comments.json`), {
          comments,
          capped: commentsCapped,
        });
        await writeAtomic(drawingsFile, { drawings, capped: drawingsCapped });
      }
      return outcome;
    });
  }

  function block(source: SheetSource, hash: string, sheet: number, from: number) {
    const file = blockFile(dirOf(hash), sheet, from);
    return once(file, async (): Promise<SheetOutcome | Answer> => {
      let offset: number | undefined;
      if (from > 0 && isTable(source.ext)) {
        const index = await tableIndex(source, hash);
        if (index !== null && !('offsets' in index)) return index;
        if (index !== null) {
          offset = index.offsets.at(from / SHEET_LIMITS.blockRows);
          if (offset === undefined) {
            // Past the table's last row: nothing to read.
            const past: RowBlock = { rows: [], end: true };
            await writeAtomic(file, past);
            return { kind: 'rows', block: past };
          }
        }
      }
      const outcome = await run({
        task: 'rows',
        file: source.file,
        ext: source.ext,
        sheet,
        from,
        count: SHEET_LIMITS.blockRows,
        ...(offset !== undefined && { offset }),
      });
      if (outcome.kind === 'rows') await writeAtomic(file, outcome.block);
      return outcome;
    });
  }

  /**
   * After the sheets are known: block 0 of the first shown sheet; a workbook's block holding the
   * last row its `<dimension>` declares (Ctrl+End's and the likeliest far link's, read while the
   * thread has the workbook open, before the pass that would reach it last); then every sheet's
   * tail.
   */
  function readAhead(source: SheetSource, hash: string, book: Book) {
    const first = Math.max(
      0,
      book.sheets.findIndex((sheet) => !sheet.hidden),
    );
    const size = SHEET_LIMITS.blockRows;
    const declared = book.sheets[first]?.declaredRows ?? 0;
    const last = Math.floor(Math.max(0, declared - 1) / size) * size;
    const next = async () => {
      if (!(await exists(blockFile(dirOf(hash), first, 0)))) await block(source, hash, first, 0);
      if (last > 0 && !(await exists(blockFile(dirOf(hash), first, last)))) {
        await block(source, hash, first, last);
      }
      for (const [index, sheet] of book.sheets.entries()) {
        if (sheet.hidden) continue;
        const tailFile = path.join(dirOf(hash), `${String(index)}-tail.json`);
        if (!(await exists(tailFile))) await tail(source, hash, index);
      }
    };
    next().catch((error: unknown) => {
      log?.({ event: 'sheet_read_ahead_failed', hash, error: String(error) });
    });
  }

  return {
    async book(source) {
      const hash = await contentHash(source.file, source.stats);
      const file = path.join(dirOf(hash), 'book.json');
      const cached = (await cachedJson(file)) as Book | undefined;
      if (cached !== undefined) {
        readAhead(source, hash, cached);
        return { hash, book: cached };
      }
      const outcome = await once(file, async () => {
        const read = await run({
          task: 'book',
          file: source.file,
          ext: source.ext,
          name: source.title,
        });
        if (read.kind === 'book') await writeAtomic(file, read.book);
        return read;
      });
      const refused = refusal(outcome);
      if (refused) return refused;
      if (outcome.kind !== 'book') throw new Error('sheet: the book task answered another kind');
      readAhead(source, hash, outcome.book);
      return { hash, book: outcome.book };
    },

    async answer(source, hash, name, { query, searchable, comments }) {
      const current = await contentHash(source.file, source.stats);
      // An old hash is a previous version of the file: its rows are not this one's.
      if (hash !== current) return jsonError(404, 'not_found');
      const book = (await cachedJson(path.join(dirOf(hash), 'book.json'))) as Book | undefined;
      if (book === undefined) return jsonError(404, 'not_found');
      if (name === 'search.json') {
        if (!searchable) return jsonError(403, 'search_not_allowed');
        const text = (query ?? '').trim().slice(0, MAX_QUERY);
        if (text === '') return jsonError(400, 'bad_query', { message: 'q is empty' });
        const outcome = await run({
          task: 'search',
          file: source.file,
          ext: source.ext,
          query: text,
        });
        if (outcome.kind === 'search') {
          return {
            kind: 'json',
            status: 200,
            body: { hits: outcome.hits, capped: outcome.hits.length >= SHEET_LIMITS.hits },
          };
        }
        return refusal(outcome) ?? jsonError(500, 'sheet_failed');
      }
      const parts = /^(\d{1,5})-(tail|comments|drawings|\d{1,8})\.json$/.exec(name);
      const sheet = Number(parts?.[1] ?? -1);
      if (!parts || sheet < 0 || sheet >= book.sheets.length) return jsonError(404, 'not_found');
      if (parts[2] === 'comments' || parts[2] === 'drawings') {
        // The policy's showComment off: no comment's text leaves the server (contracts §5b).
        if (parts[2] === 'comments' && !comments) return jsonError(403, 'comments_not_shown');
        const file = path.join(dirOf(hash), `${String(sheet)}-${parts[2]}.json`);
        if (!(await exists(file))) {
          const refused = refusal(await marks(source, hash, sheet));
          if (refused) return refused;
        }
        return { kind: 'file', file, cacheControl: IMMUTABLE };
      }
      if (parts[2] === 'tail') {
        const file = path.join(dirOf(hash), `${String(sheet)}-tail.json`);
        if (!(await exists(file))) {
          const refused = refusal(await tail(source, hash, sheet));
          if (refused) return refused;
        }
        return { kind: 'file', file, cacheControl: IMMUTABLE };
      }
      const from = Number(parts[2]);
      if (from % SHEET_LIMITS.blockRows !== 0) return jsonError(404, 'not_found');
      const file = blockFile(dirOf(hash), sheet, from);
      if (!(await exists(file))) {
        const refused = refusal(await block(source, hash, sheet, from));
        if (refused) return refused;
      }
      return { kind: 'file', file, cacheControl: IMMUTABLE };
    },
  };
}
