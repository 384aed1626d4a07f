/**
 * An entry's bytes written to a file while they are counted against its caps (listing.ts): the
 * stream is cut the moment one entry's bytes or its ratio go past them, whatever its header said.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ArchiveError, checkEntrySize } from './listing.ts';
import type { ArchiveLimits, ListedEntry } from './listing.ts';

export async function writeBounded(
  source: Readable,
  dest: string,
  entry: ListedEntry,
  limits: ArchiveLimits,
): Promise<void> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      try {
        checkEntrySize(entry, bytes, limits);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(dest));
  } catch (error) {
    await rm(dest, { force: true });
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(
      'bad_archive',
      `entry ${String(entry.index)} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
