/**
 * Tar archives, plain or gzipped (`.tar`, `.tar.gz`, `.tgz`), with isaacs' `tar`, and a lone
 * gzipped file (`.gz`) with node's zlib (docs/decisions/2026-12-06-archives-and-mail.md). A tar
 * has no directory of its own: its headers are read in one pass, skipping every body, under the
 * entry-count cap and `tar`'s own cap on the decompression ratio.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { entries } from 'tar';
import type { ReadEntry } from 'tar';
import { writeBounded } from './bounded-write.ts';
import { ArchiveError, checkListing, shownPath, tooMany } from './listing.ts';
import type { ArchiveLimits, ListedEntry, Lister } from './listing.ts';
import { decodeName, isUtf8, namesEncoding } from './names.ts';
import { rawTarNames } from './tar-names.ts';

function typeOf(entry: ReadEntry): ListedEntry['type'] {
  switch (entry.type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file';
    case 'Directory':
    case 'GNUDumpDir':
      return 'folder';
    case 'SymbolicLink':
    case 'Link':
      return 'link';
    default:
      return 'other';
  }
}

function asArchiveError(error: unknown): ArchiveError {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return /ratio/i.test(message)
    ? new ArchiveError('too_large', `it inflates past the cap on compression ratio (${message})`)
    : new ArchiveError('bad_archive', `not a readable tar: ${message}`);
}

/**
 * Walks the headers in order, calling `visit` with each (1-based); `visit` returning true stops
 * the walk there, with that entry's body still unread.
 */
async function walk(
  file: string,
  limits: ArchiveLimits,
  visit: (entry: ReadEntry, listed: ListedEntry) => Promise<boolean>,
): Promise<void> {
  const reader = entries(createReadStream(file), {
    maxDecompressionRatio: limits.maxRatio,
    strict: true,
  });
  let index = 0;
  try {
    for await (const entry of reader) {
      index += 1;
      if (index > limits.maxEntries) throw tooMany(index, limits);
      const listed: ListedEntry = {
        index,
        path: shownPath(entry.path),
        size: entry.size,
        ...(entry.mtime !== undefined && { modified: entry.mtime.toISOString() }),
        type: typeOf(entry),
      };
      if (await visit(entry, listed)) return;
    }
  } catch (error) {
    throw asArchiveError(error);
  } finally {
    await reader.return?.();
  }
}

/** Names node-tar could not read as UTF-8, read again from their bytes (tar-names.ts). */
async function redecode(file: string, found: ListedEntry[], limits: ArchiveLimits): Promise<void> {
  const raw = await rawTarNames(file, limits.maxEntries);
  const legacy = [...raw].filter(([, bytes]) => !isUtf8(bytes));
  const encoding = namesEncoding(legacy.map(([, bytes]) => bytes));
  for (const [index, bytes] of legacy) {
    const entry = found.at(index - 1);
    if (entry?.index === index) entry.path = shownPath(decodeName(bytes, encoding));
  }
}

export const tar: Lister = {
  async list(file, limits) {
    const found: ListedEntry[] = [];
    let total = 0;
    await walk(file, limits, (_entry, listed) => {
      found.push(listed);
      total += listed.size ?? 0;
      // Refused as soon as the total passes, not after reading the rest.
      if (total > limits.maxTotalBytes) checkListing(found, limits);
      return Promise.resolve(false);
    });
    checkListing(found, limits);
    if (found.some((entry) => entry.path.includes('\uFFFD'))) await redecode(file, found, limits);
    return { entries: found };
  },

  async extract(file, wanted, dest, limits) {
    let done = false as boolean;
    await walk(file, limits, async (entry, listed) => {
      if (listed.index !== wanted.index) return false;
      await writeBounded(Readable.fromWeb(entry.body as never), dest, listed, limits);
      done = true;
      return true;
    });
    if (!done) throw new ArchiveError('bad_archive', 'no such entry');
  },
};

const FEXTRA = 4;
const FNAME = 8;

/** A gzip member's stored name (FNAME), and its size modulo 2³² from the trailer (ISIZE). */
async function gzipHeader(file: string): Promise<{ name?: string; size: number; packed: number }> {
  const handle = await open(file);
  try {
    const { size: packed } = await handle.stat();
    const head = Buffer.alloc(Math.min(packed, 1024));
    await handle.read(head, 0, head.length, 0);
    if (head[0] !== 0x1f || head[1] !== 0x8b)
      throw new ArchiveError('bad_archive', 'not a gzip file');
    const tail = Buffer.alloc(4);
    await handle.read(tail, 0, 4, Math.max(packed - 4, 0));
    const flags = head.readUInt8(3);
    let at = 10;
    if ((flags & FEXTRA) !== 0) at += 2 + head.readUInt16LE(at);
    let name: string | undefined;
    if ((flags & FNAME) !== 0) {
      const end = head.indexOf(0, at);
      if (end > at) name = head.subarray(at, end).toString('latin1');
    }
    return { ...(name !== undefined && { name }), size: tail.readUInt32LE(0), packed };
  } finally {
    await handle.close();
  }
}

/** The name of what a `.gz` holds: its stored name, else its own name without `.gz`. */
function innerName(stored: string | undefined, own: string): string {
  const name = shownPath(stored ?? '')
    .split('/')
    .pop();
  if (name !== undefined && name !== '') return name;
  const base = own.slice(own.lastIndexOf('/') + 1);
  return base.toLowerCase().endsWith('.gz') ? base.slice(0, -3) : base;
}

export const gzip: Lister = {
  async list(file, limits, name = '') {
    const header = await gzipHeader(file);
    const entry: ListedEntry = {
      index: 1,
      path: innerName(header.name, name),
      size: header.size,
      packed: header.packed,
      type: 'file',
    };
    checkListing([entry], limits);
    return { entries: [entry] };
  },

  async extract(file, wanted, dest, limits) {
    const { packed } = await gzipHeader(file);
    const stream = createReadStream(file).pipe(createGunzip());
    await writeBounded(stream, dest, { ...wanted, packed }, limits);
  },
};
