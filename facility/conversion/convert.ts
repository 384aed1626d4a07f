/**
 * Office files and images to PDF, cached by content hash in CACHE_DIR (`<sha256>.pdf`).
 *
 * - Office files (and the image formats pdf-lib cannot embed: GIF, WebP, TIFF) go through LibreOffice
 *   headless (`soffice --convert-to pdf`). Each job gets its own user profile
 *   (`-env:UserInstallation`), so jobs run in parallel instead of queueing on one profile's lock.
 * - PNG and JPEG are embedded by pdf-lib in the bounded pool (pool.ts), off the event loop; HEIC,
 *   AVIF and TIFF are decoded there too, a page per frame (image-pages.ts).
 * - Every image's size is read from its header first (`image-size`): one over `maxImagePixels`,
 *   or one whose header cannot be read, is refused (`too_large`, `unsupported`) before any decoder
 *   sees it (docs/server.md, "Limits").
 * - LibreOffice runs in the converters' sandbox (sandbox.ts, ../sandbox/jail.ts): it sees only its
 *   job's folder, the programs and the fonts; what SVG, flat ODF and web pages name outside
 *   themselves is dropped first (references.ts); a minimal environment, a profile that fetches no
 *   linked content, no network, a memory limit and, as root, an unprivileged user.
 * - A bounded queue (`concurrency` jobs at once); a job over `timeoutMs` is killed with its whole
 *   process tree (soffice runs detached, in its own process group: the `soffice` script, oosplash
 *   and soffice.bin all go with `kill(-pid)`).
 * - A spreadsheet whose policy asks for its grid (`gridLine`) is saved as flat ODF first and its
 *   page styles told to print the grid (sheet-grid.ts); that PDF is cached beside the plain one.
 * - A failure is remembered for that content (until the file changes or the server restarts), so
 *   the viewer's polling does not start LibreOffice again and again on a file it cannot read.
 *
 * The job itself ({@link createJobRunner}) is shared with the queue's workers (queue.ts), which run
 * the same conversions out of process when REDIS_URL is set.
 */
import { spawn as nodeSpawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Stats } from 'node:fs';
import {
  access,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { constants as osConstants, tmpdir } from 'node:os';
import path from 'node:path';
import { imageSize } from 'image-size';
import {
  DECODED_IMAGES,
  EMBEDDED_IMAGES,
  isSpreadsheet,
  markupOf,
  officeExtension,
  sourceKind,
} from './formats.ts';
import type { OfficeInput, SourceKind } from './formats.ts';
import { PoolBusyError, PoolMemoryError, PoolTimeoutError } from '../pool/pool.ts';
import type { Pool } from '../pool/pool.ts';
import { findExecutable, jailCheck } from '../sandbox/jail.ts';
import { sandboxedSoffice } from './sandbox.ts';
import type { SofficeJob } from './sandbox.ts';

/**
 * `queue_unavailable`: only with a queue (queue.ts), while Redis cannot be reached. `too_large`
 * and `unsupported`: refused from the image's header, never decoded.
 */
export type FailureCode =
  | 'converter_not_installed'
  | 'conversion_failed'
  | 'queue_unavailable'
  | 'too_large'
  | 'unsupported';

export type ConversionState =
  | { kind: 'ready'; file: string; stats: Stats }
  | { kind: 'converting' }
  /** `retryAfterS`: the failure is passing (the queue is away); ask again then. */
  | { kind: 'failed'; error: FailureCode; message: string; retryAfterS?: number };

export type Spawner = (
  command: string,
  args: readonly string[],
  options: SpawnOptions,
) => ChildProcess;

export interface RunnerOptions {
  cacheDir: string;
  /** `soffice` (looked up on PATH) or a path. */
  sofficePath: string;
  timeoutMs: number;
  /** Decodes PNG and JPEG off the event loop. */
  pool: Pool;
  /** Images declaring more pixels are refused. Default {@link DEFAULT_MAX_IMAGE_PIXELS}. */
  maxImagePixels?: number;
  /** LibreOffice's address-space limit. Default {@link DEFAULT_SOFFICE_MEMORY_MB}. */
  sofficeMemoryMb?: number;
  /** Where each job's folder (input copy, LibreOffice profile, output) is made. Default: os tmpdir. */
  workDir?: string;
  /** Injectable so tests can count LibreOffice runs. */
  spawn?: Spawner;
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

/**
 * Raised inside a job; becomes the `failed` state with its code. `retryable`: the machine failed
 * (LibreOffice missing, did not start or crashed), not the document, so a queue tries again,
 * maybe on another worker; the in-process converter remembers every failure alike.
 */
export class ConversionError extends Error {
  readonly code: FailureCode;
  readonly retryable: boolean;
  constructor(code: FailureCode, message: string, retryable = false) {
    super(message);
    this.code = code;
    this.retryable = retryable;
  }
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

/**
 * 40 megapixels: an A4 page scanned at 600 dpi is 35. Decoded as RGBA that is 160 MB, what a
 * pool thread may hold (docs/server.md, "Limits").
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;
export const DEFAULT_SOFFICE_MEMORY_MB = 2048;

/** Refuses an image by its header: one that names no readable size, or too many pixels. */
function checkImageHeader(bytes: Uint8Array, maxPixels: number): void {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConversionError('unsupported', `not an image this server reads: ${why}`);
  }
  const { width = 0, height = 0 } = size;
  if (width <= 0 || height <= 0) {
    throw new ConversionError('unsupported', 'the image does not say its size');
  }
  if (width * height > maxPixels) {
    throw new ConversionError(
      'too_large',
      `the image is ${String(width)} × ${String(height)} pixels; the limit is ${String(maxPixels / 1e6)} megapixels`,
    );
  }
}

/** The name LibreOffice gives what it makes of `file` (its extension replaced). */
function baseName(file: string): string {
  return path.basename(file, path.extname(file));
}

/**
 * The last lines of LibreOffice's output: why it failed, in its own words, without what tells
 * the server's layout (a crash's backtrace names every library's path and address).
 */
export function lastWords(text: string): string {
  return text
    .trim()
    .split('\n')
    .filter((line) => !/\+0x[0-9a-f]+|^\s*(#\d+|at )|\.so(\.\d+)*\b/i.test(line))
    .slice(-3)
    .join(' ')
    .replace(/(?:file:\/\/)?\/[^\s'"]*\/([^\s/'"]+)/g, '$1')
    .slice(-300);
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
 * spreadsheet printing its grid. Only spreadsheets: another document's cache is not split by a
 * flag that changes nothing in it.
 */
export function conversionKey(name: string, hash: string, rendition: Rendition): string {
  return rendition.gridLine && isSpreadsheet(name) ? `${hash}-grid` : hash;
}

/** Where the conversion named `key` ({@link conversionKey}) is published. */
export function cachedPdf(cacheDir: string, key: string): string {
  return path.join(cacheDir, `${key}.pdf`);
}

/** Pages pdf-lib makes in-process: milliseconds, so answered at once rather than polled. */
export function isEmbeddedImage(file: string): boolean {
  return EMBEDDED_IMAGES.has(path.extname(file).toLowerCase());
}

/** What LibreOffice makes the PDF of: everything converted but the images the pool decodes. */
function needsLibreOffice(file: string): boolean {
  const ext = path.extname(file).toLowerCase();
  return !EMBEDDED_IMAGES.has(ext) && !DECODED_IMAGES.has(ext);
}

export interface JobRunner {
  /**
   * Converts `file` (whose content has `hash`) as `rendition` asks into {@link cachedPdf} of its
   * {@link conversionKey}; throws ConversionError.
   */
  convert: (file: string, hash: string, rendition?: Rendition) => Promise<void>;
  /** The error every office job would end with, when LibreOffice is not installed. */
  missingConverter: () => Promise<ConversionError | undefined>;
  /** Kills every LibreOffice still running (a shutdown's cap is over). */
  killAll: () => void;
}

/** One conversion: what the in-process converter and the queue's workers both run. */
export function createJobRunner(options: RunnerOptions): JobRunner {
  const { cacheDir, timeoutMs } = options;
  const spawn: Spawner = options.spawn ?? nodeSpawn;
  const children = new Set<ChildProcess>();

  /**
   * Runs soffice on the job's input into its `outDir`; resolves when it exits, rejects at the
   * job's `deadline` or on failure.
   */
  async function runSoffice(job: Omit<SofficeJob, 'memoryMb'>, deadline: number): Promise<void> {
    const jail = jailCheck();
    if (!jail.ok) {
      // Never converted outside the sandbox (the server refuses to start without it too).
      throw new ConversionError(
        'converter_not_installed',
        `LibreOffice's sandbox cannot be made on the server: ${jail.why}`,
        true,
      );
    }
    const { command, args, env, cwd } = await sandboxedSoffice({
      ...job,
      memoryMb: options.sofficeMemoryMb ?? DEFAULT_SOFFICE_MEMORY_MB,
    });
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        detached: true,
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let output = '';
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4000);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      let timedOut = false;
      const timer = setTimeout(
        () => {
          timedOut = true;
          killTree(child);
        },
        Math.max(0, deadline - Date.now()),
      );
      child.once('error', (error) => {
        clearTimeout(timer);
        children.delete(child);
        reject(
          new ConversionError(
            'conversion_failed',
            `LibreOffice did not start: ${error.message}`,
            true,
          ),
        );
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        children.delete(child);
        if (timedOut) {
          reject(
            new ConversionError(
              'conversion_failed',
              `the conversion took longer than ${String(timeoutMs / 1000)} s and was stopped`,
            ),
          );
        } else if (code !== 0) {
          const killedBy = signal ?? signalOf(code);
          const how = killedBy ?? `code ${String(code)}`;
          // Killed by a signal (out of memory, an operator): the machine's fault, worth a retry.
          reject(
            new ConversionError(
              'conversion_failed',
              `LibreOffice exited with ${how}: ${lastWords(output)}`,
              killedBy !== undefined,
            ),
          );
        } else {
          resolve();
        }
      });
    });
  }

  /** `file`, once LibreOffice has written it; else the document was not one it could read. */
  async function written(file: string): Promise<string> {
    try {
      await access(file);
      return file;
    } catch {
      throw new ConversionError(
        'conversion_failed',
        'LibreOffice could not read the file (it wrote no PDF)',
      );
    }
  }

  async function convert(file: string, hash: string, rendition = PLAIN): Promise<void> {
    const ext = path.extname(file).toLowerCase();
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
      const kind = sourceKind(file);
      if (kind === 'image') {
        checkImageHeader(bytes, options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS);
      }
      if (EMBEDDED_IMAGES.has(ext)) {
        const input = path.join(work, `input${ext}`);
        await writeFile(input, bytes);
        await inPool('not a readable image', () =>
          options.pool.run('image', { input, output: partial, ext }),
        );
      } else if (DECODED_IMAGES.has(ext)) {
        const input = path.join(work, `input${ext}`);
        await writeFile(input, bytes);
        const maxPixels = options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS;
        const made = await inPool('not a readable image', () =>
          options.pool.run('decodedImage', { input, output: partial, ext, maxPixels }),
        );
        if (made.refused !== undefined) throw new ConversionError('too_large', made.refused);
      } else {
        const soffice = await findExecutable(options.sofficePath);
        if (soffice === undefined) throw notInstalled();
        // A copy under a fixed name: LibreOffice picks its import filter by the extension, and the
        // original's name (spaces, quotes, any script) never reaches its command line.
        const office = officeInput(kind, ext, bytes);
        let input = path.join(work, `input${office.ext}`);
        let infilter = office.infilter;
        await writeFile(input, bytes);
        if (kind === 'text' || kind === 'table' || kind === 'markdown' || kind === 'code') {
          const source = input;
          const prepared = await inPool('not readable as text', () =>
            options.pool.run('text', { input: source, kind, ext, outDir: work, name: 'prepared' }),
          );
          if (prepared.refused !== undefined) {
            throw new ConversionError('too_large', prepared.refused);
          }
          ({ file: input, infilter } = prepared);
        }
        const markup = kind === 'office' || kind === 'image' ? markupOf(office.ext) : undefined;
        if (markup !== undefined) {
          const source = input;
          const cleaned = path.join(work, `cleaned${office.ext}`);
          const result = await inPool('its references could not be read', () =>
            options.pool.run('references', { input: source, output: cleaned, markup }),
          );
          if (result.refused !== undefined) {
            throw new ConversionError('unsupported', `the file was refused: ${result.refused}`);
          }
          input = cleaned;
        }
        // One time limit for the whole job, however many times LibreOffice runs in it.
        const deadline = Date.now() + timeoutMs;
        if (key !== hash) {
          const flatDir = path.join(work, 'flat');
          await runSoffice(
            { soffice, work, input, outDir: flatDir, infilter, to: 'fods' },
            deadline,
          );
          const flat = await written(path.join(flatDir, `${baseName(input)}.fods`));
          const gridded = path.join(work, 'gridded.fods');
          await inPool('its grid could not be printed', () =>
            options.pool.run('sheetGrid', { input: flat, output: gridded }),
          );
          input = gridded;
          infilter = undefined;
        }
        const outDir = path.join(work, 'out');
        await runSoffice({ soffice, work, input, outDir, infilter }, deadline);
        await copyFile(await written(path.join(outDir, `${baseName(input)}.pdf`)), partial);
      }
      await rename(partial, cachedPdf(cacheDir, key));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** A pool task, its failure named: too much memory is `too_large`, a full pool worth a retry. */
  async function inPool<T>(what: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof PoolMemoryError) {
        throw new ConversionError('too_large', `the file ${error.message}`);
      }
      const busy = error instanceof PoolBusyError || error instanceof PoolTimeoutError;
      const why = error instanceof Error ? error.message : String(error);
      throw new ConversionError('conversion_failed', `${what}: ${why}`, busy);
    }
  }

  /** The extension and filter LibreOffice reads an office file with, from what its content is. */
  function officeInput(kind: SourceKind, ext: string, bytes: Uint8Array): OfficeInput {
    if (kind !== 'office') return { ext };
    const input = officeExtension(ext, bytes.subarray(0, 1024));
    if (input === undefined) {
      throw new ConversionError(
        'unsupported',
        `the file is named ${ext} but is not one: neither that format nor RTF, HTML or a zip of the newer one`,
      );
    }
    return input;
  }

  function notInstalled(): ConversionError {
    return new ConversionError(
      'converter_not_installed',
      `LibreOffice (${options.sofficePath}) is not installed on the server: only PDF files and photos (PNG, JPEG, HEIC, AVIF, TIFF) can be previewed`,
      true,
    );
  }

  return {
    convert,
    missingConverter: async () =>
      (await findExecutable(options.sofficePath)) === undefined ? notInstalled() : undefined,
    killAll: () => {
      for (const child of children) killTree(child);
    },
  };
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
      if (isEmbeddedImage(file)) {
        await start(file, hash, key, rendition, id);
        return (await done(key)) ?? { kind: 'converting' };
      }
      // Known at once, without queueing a job that could only fail.
      const missing = needsLibreOffice(file) ? await runner.missingConverter() : undefined;
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
  const file = cachedPdf(cacheDir, key);
  try {
    return { kind: 'ready', file, stats: await stat(file) };
  } catch {
    return undefined; // not converted yet
  }
}

/**
 * The signal a program in the sandbox was killed by: bubblewrap exits with 128 + its number, as a
 * shell does (facility/sandbox/jail.ts).
 */
function signalOf(code: number | null): string | undefined {
  if (code === null || code <= 128) return undefined;
  return Object.entries(osConstants.signals).find(([, number]) => number === code - 128)?.[0];
}

/** Kills the process group the detached child leads: soffice's script, oosplash and soffice.bin. */
function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
