/**
 * The dispatcher: a document's viewable PDF by content hash, cached in CACHE_DIR
 * (`<sha256>.pdf`), made by the converter its entry of the formats' table names (formats.ts,
 * converters/; docs/decisions/2026-12-06-one-table-of-formats.md).
 *
 * - The content is hashed once per file version; the job converts the bytes it hashed, checked
 *   by its format's header check first (headers.ts: an image's size, an old Office name's
 *   content), so nothing refused there reaches a decoder or LibreOffice.
 * - A bounded queue (`concurrency` jobs at once); what the pool makes in milliseconds (PNG, JPEG)
 *   is answered at once instead of polled. LibreOffice, when a converter uses it, runs in its
 *   sandbox with a time limit (libreoffice.ts).
 * - A spreadsheet whose policy asks for its grid (`gridLine`) is cached beside the plain one, as
 *   `<sha256>-grid.pdf`.
 * - A failure is remembered for that content (until the file changes or the server restarts), so
 *   the viewer's polling does not start LibreOffice again and again on a file it cannot read.
 *
 * The job itself ({@link createJobRunner}) is shared with the queue's workers (queue.ts), which run
 * the same conversions out of process when REDIS_URL is set.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Stats } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Pool } from '../pool/pool.ts';
import { ConversionError } from './failures.ts';
import type { FailureCode } from './failures.ts';
import { extensionOf, formatOf } from './formats.ts';
import type { FormatConverter } from './format.ts';
import { DEFAULT_MAX_IMAGE_PIXELS } from './headers.ts';
import { createLibreOffice } from './libreoffice.ts';
import type { LibreOfficeOptions } from './libreoffice.ts';

export type { Spawner } from './libreoffice.ts';

export type ConversionState =
  | { kind: 'ready'; file: string; stats: Stats }
  | { kind: 'converting' }
  /** `retryAfterS`: the failure is passing (the queue is away); ask again then. */
  | { kind: 'failed'; error: FailureCode; message: string; retryAfterS?: number };

export interface RunnerOptions extends LibreOfficeOptions {
  cacheDir: string;
  /** Where the pool's converters decode and prepare (images, text, markup). */
  pool: Pool;
  /** Images declaring more pixels are refused. Default {@link DEFAULT_MAX_IMAGE_PIXELS}. */
  maxImagePixels?: number;
  /** Where each job's folder (input copy, LibreOffice profile, output) is made. Default: os tmpdir. */
  workDir?: string;
}

export interface ConverterOptions extends RunnerOptions {
  concurrency: number;
  /** One structured event per conversion (the server logs them). */
  log?: (event: Record<string, unknown>) => void;
}

/** How a document is to look as a PDF, beyond its content: the policy's flags that change it. */
export interface Rendition {
  /** A spreadsheet prints its cell grid (contracts §5b `gridLine`); other documents ignore it. */
  gridLine: boolean;
  /**
   * `xlsx`: not a PDF but the spreadsheet saved as a workbook, which the sheet view reads as it
   * reads an `.xlsx` (a `grid: 'normalised'` format, facility/sheets/grid-choice.ts).
   */
  to?: 'xlsx';
}

export const PLAIN: Rendition = { gridLine: false };

export interface Converter {
  /**
   * The document's viewable PDF as `rendition` asks, starting its conversion when there is none
   * yet; `id` names it for a queue's workers and the logs (default: the file's name).
   */
  state: (
    file: string,
    stats: Stats,
    id?: string,
    rendition?: Rendition,
  ) => Promise<ConversionState>;
  /** Jobs queued or running in this process. */
  pending: () => number;
  /**
   * The converters this process finds (the health answer): LibreOffice for every format but PDF
   * and the images the pool makes pages of itself (PNG, JPEG, HEIC, AVIF, TIFF).
   */
  converters: () => Promise<{ libreoffice: boolean }>;
  /** With a queue: its counts for the health answer (queue.ts). */
  queueHealth?: () => Promise<Record<string, unknown>>;
  /** Starts no new job; waits for running ones up to `capMs`, then kills what is left. */
  drain: (capMs: number) => Promise<void>;
}

function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => {
        resolve(hash.digest('hex'));
      });
  });
}

const HASH_MEMO_MAX = 1000;

/** sha256 per file version (path, mtime, size), so a polled document is hashed once. */
export function createHasher(): (file: string, stats: Stats) => Promise<string> {
  const hashes = new Map<string, Promise<string>>();
  return (file, stats) => {
    const key = `${file}\0${String(stats.mtimeMs)}\0${String(stats.size)}`;
    let hash = hashes.get(key);
    if (!hash) {
      hash = sha256OfFile(file);
      hashes.set(key, hash);
      hash.catch(() => hashes.delete(key));
      if (hashes.size > HASH_MEMO_MAX) {
        const oldest = hashes.keys().next();
        if (oldest.done !== true) hashes.delete(oldest.value);
      }
    }
    return hash;
  };
}

/**
 * What a conversion is cached and queued as: the content's hash, and `-grid` after it for a
 * spreadsheet printing its grid, `-xlsx` for one saved as a workbook. Only spreadsheets: another
 * document's cache is not split by a flag that changes nothing in it.
 */
export function conversionKey(name: string, hash: string, rendition: Rendition): string {
  if (rendition.to === 'xlsx') return `${hash}${WORKBOOK_KEY}`;
  return rendition.gridLine && formatOf(name)?.sheet === true ? `${hash}-grid` : hash;
}

const WORKBOOK_KEY = '-xlsx';

/** Where the conversion named `key` ({@link conversionKey}) is published: a PDF, or a workbook. */
export function cachedOutput(cacheDir: string, key: string): string {
  return path.join(cacheDir, key.endsWith(WORKBOOK_KEY) ? `${key}.xlsx` : `${key}.pdf`);
}

/** The converter the table names for a file, if any. */
function converterOf(name: string): FormatConverter | undefined {
  const format = formatOf(name);
  return format?.view === 'pages' ? format.converter : undefined;
}

/** Made in the pool in milliseconds: answered at once rather than polled, never queued. */
export function convertsAtOnce(file: string): boolean {
  return converterOf(file)?.atOnce === true;
}

export interface JobRunner {
  /**
   * Converts `file` (whose content has `hash`) as `rendition` asks into {@link cachedOutput} of its
   * {@link conversionKey}; throws ConversionError.
   */
  convert: (file: string, hash: string, rendition?: Rendition) => Promise<void>;
  /** The error every LibreOffice job would end with, when it is not installed. */
  missingConverter: () => Promise<ConversionError | undefined>;
  /** Kills every LibreOffice still running (a shutdown's cap is over). */
  killAll: () => void;
}

/** One conversion: what the in-process converter and the queue's workers both run. */
export function createJobRunner(options: RunnerOptions): JobRunner {
  const { cacheDir, pool } = options;
  const libreOffice = createLibreOffice(options);
  const maxImagePixels = options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS;

  async function convert(file: string, hash: string, rendition = PLAIN): Promise<void> {
    const format = formatOf(file);
    const ext = extensionOf(file) ?? '';
    if (format?.view !== 'pages' || format.converter === undefined) {
      throw new ConversionError(
        'unsupported',
        `${ext || 'a file'} is not a format this server converts`,
      );
    }
    if (rendition.to === 'xlsx' && format.grid !== 'normalised') {
      throw new ConversionError('unsupported', `${ext} is not saved as a workbook`);
    }
    const key = conversionKey(file, hash, rendition);
    await mkdir(cacheDir, { recursive: true });
    const work = await mkdtemp(path.join(options.workDir ?? tmpdir(), 'folio-convert-'));
    try {
      const bytes = await readFile(file);
      // The cache is keyed by content: what is converted must be what was hashed. (A file changed
      // meanwhile has a new mtime, so its next request hashes it again and starts a new job.)
      if (createHash('sha256').update(bytes).digest('hex') !== hash) {
        throw new ConversionError('conversion_failed', 'the file changed while it was converting');
      }
      // Unique across hosts: servers and workers on several machines may share CACHE_DIR.
      const partial = path.join(cacheDir, `.${hash}.${randomUUID()}.tmp`);
      const reading = {
        ext,
        markup: format.markup,
        ...format.check?.(bytes, { ext, maxImagePixels }),
      };
      // A copy under a fixed name: LibreOffice picks its import filter by the extension, and the
      // original's name (spaces, quotes, any script) never reaches a command line.
      const input = path.join(work, `input${reading.ext}`);
      await writeFile(input, bytes);
      await format.converter.convert({
        input,
        reading,
        work,
        output: partial,
        grid: rendition.to === undefined && key !== hash,
        to: rendition.to ?? 'pdf',
        pool,
        libreOffice,
        maxImagePixels,
      });
      await rename(partial, cachedOutput(cacheDir, key));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return { convert, missingConverter: libreOffice.missing, killAll: libreOffice.killAll };
}

export function createConverter(options: ConverterOptions): Converter {
  const { cacheDir, concurrency } = options;
  const log = options.log ?? (() => undefined);
  const contentHash = createHasher();
  const runner = createJobRunner(options);
  const jobs = new Map<string, Promise<void>>();
  const failures = new Map<string, { error: FailureCode; message: string }>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let closing = false;

  async function acquire(): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  function start(
    file: string,
    hash: string,
    key: string,
    rendition: Rendition,
    id: string,
  ): Promise<void> {
    const job = (async () => {
      const startedAt = Date.now();
      await acquire();
      try {
        if (closing) throw new ConversionError('conversion_failed', 'the server is shutting down');
        await runner.convert(file, hash, rendition);
        log({ event: 'converted', file: id, hash: key, ms: Date.now() - startedAt });
      } catch (error) {
        const failure =
          error instanceof ConversionError
            ? { error: error.code, message: error.message }
            : { error: 'conversion_failed' as const, message: String(error) };
        failures.set(key, failure);
        log({ event: 'conversion_failed', file: id, hash: key, ...failure });
      } finally {
        release();
        jobs.delete(key);
      }
    })();
    jobs.set(key, job);
    return job;
  }

  /** The cached PDF or the remembered failure; undefined when neither exists yet. */
  async function done(key: string): Promise<ConversionState | undefined> {
    const ready = await cachedState(cacheDir, key);
    if (ready) return ready;
    const failure = failures.get(key);
    return failure ? { kind: 'failed', ...failure } : undefined;
  }

  return {
    async state(file, stats, id = path.basename(file), rendition = PLAIN) {
      const hash = await contentHash(file, stats);
      const key = conversionKey(file, hash, rendition);
      const known = await done(key);
      if (known) return known;
      if (jobs.has(key)) return { kind: 'converting' };
      if (convertsAtOnce(file)) {
        await start(file, hash, key, rendition, id);
        return (await done(key)) ?? { kind: 'converting' };
      }
      // Known at once, without queueing a job that could only fail.
      const missing =
        converterOf(file)?.uses === 'libreoffice' ? await runner.missingConverter() : undefined;
      if (missing) return { kind: 'failed', error: missing.code, message: missing.message };
      void start(file, hash, key, rendition, id);
      return { kind: 'converting' };
    },
    pending: () => jobs.size,
    converters: async () => ({ libreoffice: (await runner.missingConverter()) === undefined }),
    async drain(capMs) {
      closing = true;
      const all = Promise.allSettled([...jobs.values()]);
      let timer: NodeJS.Timeout | undefined;
      const capped = new Promise<'cap'>((resolve) => {
        timer = setTimeout(() => {
          resolve('cap');
        }, capMs);
      });
      if ((await Promise.race([all, capped])) === 'cap') {
        runner.killAll();
        await all;
      }
      clearTimeout(timer);
    },
  };
}

/** The `ready` state when the conversion named `key` ({@link conversionKey}) is made already. */
export async function cachedState(
  cacheDir: string,
  key: string,
): Promise<ConversionState | undefined> {
  const file = cachedOutput(cacheDir, key);
  try {
    return { kind: 'ready', file, stats: await stat(file) };
  } catch {
    return undefined; // not converted yet
  }
}
