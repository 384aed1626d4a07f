/**
 * PdfFacts of a file, computed once per content and kept (docs/server.md, "Limits"):
 *
 * - pdf.js runs in the one bounded pool (pool.ts): a large document (text-1000.pdf: ~0.5 s) never
 *   stalls the server's other requests, a hostile one only takes its thread down (time and heap
 *   are capped), and a flood of distinct PDFs waits in the pool's queue instead of starting a
 *   parse each;
 * - the facts are cached by the content's sha256: in memory (an LRU) and on disk in CACHE_DIR as
 *   `<sha256>.facts-<chunk>.json`, beside the converted PDFs, so every server sharing CACHE_DIR
 *   parses a document once. A file pdf.js cannot read is kept in memory (it reads the same next
 *   time); a parse stopped for time or memory and a full queue not at all: the next open tries
 *   again (docs/decisions/2026-12-06-fair-pool.md).
 *
 * Beside them, in a task of their own, the byte ranges page 1 needs (first-page-ranges.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { RANGE_CHUNK } from '../../src/services/pdf/firstRanges.ts';
import { UNREADABLE } from './pdf-facts-types.ts';
import type { ByteRange, PdfFacts } from './pdf-facts-types.ts';
import { PoolBusyError, PoolMemoryError, PoolTimeoutError } from '../pool/pool.ts';
import type { Pool } from '../pool/pool.ts';

/** Facts are small (a page size per page): thousands fit in a few MB. */
const MEMORY_ENTRIES = 5000;

export type CacheOutcome = 'memory' | 'disk' | 'parsed';

export interface FactsOptions {
  pool: Pool;
  cacheDir: string;
  /** sha256 of a file version (convert.ts createHasher). */
  contentHash: (file: string, stats: Stats) => Promise<string>;
  /** Where each answer came from (the server's metrics). */
  onLookup?: (outcome: CacheOutcome) => void;
}

export type PdfFactsOf = (file: string, stats: Stats) => Promise<PdfFacts>;

/**
 * The file's name carries the chunk size page 1's ranges are noted in: facts an older Folio
 * cached in another size (or before it named ranges at all) are read again, not handed to a
 * viewer that reads in this one.
 */
function factsFile(cacheDir: string, hash: string): string {
  return path.join(cacheDir, `${hash}.facts-${String(RANGE_CHUNK)}.json`);
}

async function readCached(file: string): Promise<PdfFacts | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PdfFacts;
  } catch {
    return undefined; // not there (or torn by a crash: parsed again)
  }
}

/** The facts of a file; concurrent first requests for one content share one parse. */
export function createPdfFacts(options: FactsOptions): PdfFactsOf {
  const { pool, cacheDir } = options;
  const memory = new LRUCache<string, PdfFacts>({ max: MEMORY_ENTRIES });
  const inFlight = new Map<string, Promise<Parsed>>();

  /** The facts, and whether they hold for this content next time too. */
  interface Parsed {
    facts: PdfFacts;
    keep: boolean;
  }

  async function parse(hash: string, file: string): Promise<Parsed> {
    const onDisk = await readCached(factsFile(cacheDir, hash));
    if (onDisk) {
      options.onLookup?.('disk');
      return { facts: onDisk, keep: true };
    }
    options.onLookup?.('parsed');
    // A task of its own, beside the facts: its failure (time, heap) leaves the facts alone.
    const ranges = pool.run('ranges', file).catch((): ByteRange[] => []);
    let facts: PdfFacts;
    try {
      facts = { ...(await pool.run('facts', file)), firstPageRanges: await ranges };
    } catch (error) {
      if (error instanceof PoolBusyError) throw error; // the caller answers 503
      const stopped = error instanceof PoolTimeoutError || error instanceof PoolMemoryError;
      const message = error instanceof Error ? error.message : String(error);
      const refused = error instanceof PoolMemoryError ? { refused: 'too_large' as const } : {};
      const facts = { ...UNREADABLE, error: `pdf.js ${stopped ? '' : 'failed: '}${message}` };
      return { facts: { ...facts, ...refused }, keep: !stopped };
    }
    await mkdir(cacheDir, { recursive: true });
    const partial = path.join(cacheDir, `.${hash}.${randomUUID()}.facts.tmp`);
    await writeFile(partial, JSON.stringify(facts));
    await rename(partial, factsFile(cacheDir, hash));
    return { facts, keep: true };
  }

  return async (file, stats) => {
    const hash = await options.contentHash(file, stats);
    const known = memory.get(hash);
    if (known) {
      options.onLookup?.('memory');
      return known;
    }
    let pending = inFlight.get(hash);
    if (!pending) {
      pending = parse(hash, file).finally(() => inFlight.delete(hash));
      inFlight.set(hash, pending);
    }
    const { facts, keep } = await pending;
    if (keep) memory.set(hash, facts);
    return facts;
  };
}
