/**
 * The listing of an archive or e-mail read by JavaScript in this process (zip, tar, `.gz`, `.eml`,
 * `.msg`: `Lister.inPool`) built in the pool's threads (pool/pool-worker.ts `listing`), off the
 * server's event loop: yauzl parses a zip's central directory in callbacks, ≈ 0.2 s for 10 000
 * entries (docs/decisions/2026-12-06-big-listings.md). A refusal crosses the thread as its code
 * and message (a thrown error's class and code would not).
 */
import { formatOf } from '../conversion/formats.ts';
import type { Pool } from '../pool/pool.ts';
import { PoolMemoryError, PoolTimeoutError } from '../pool/pool.ts';
import { ArchiveError } from './listing.ts';
import type { ArchiveFailureCode, ArchiveLimits, Listing } from './listing.ts';

export interface ListingJob {
  file: string;
  /** The name the format is known by (an entry's own, else the id). */
  name: string;
  limits: ArchiveLimits;
}

export type ListingResult =
  { ok: true; listing: Listing } | { ok: false; code: ArchiveFailureCode; message: string };

/** In a pool thread: the listing, or why it is refused. */
export async function listInThread({ file, name, limits }: ListingJob): Promise<ListingResult> {
  const format = formatOf(name);
  if (format?.view !== 'listing' || format.lister.inPool !== true) {
    return { ok: false, code: 'unsupported', message: 'it is not listed in the pool' };
  }
  try {
    return { ok: true, listing: await format.lister.list(file, limits, name) };
  } catch (error) {
    if (error instanceof ArchiveError)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/**
 * On the server: the listing from the pool; throws {@link ArchiveError}, or the pool's
 * PoolBusyError (the caller answers 503 busy).
 */
export async function listInPool(pool: Pool, job: ListingJob): Promise<Listing> {
  let result: ListingResult;
  try {
    result = await pool.run('listing', job);
  } catch (error) {
    if (error instanceof PoolTimeoutError || error instanceof PoolMemoryError) {
      throw new ArchiveError('too_large', `reading its directory passed the pool's limits`);
    }
    throw error;
  }
  if (!result.ok) throw new ArchiveError(result.code, result.message);
  return result.listing;
}
