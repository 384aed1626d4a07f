/**
 * Zip archives with `yauzl` (docs/decisions/2026-12-06-archives-and-mail.md): the central
 * directory read without inflating anything, one entry inflated on demand. Names decoded as
 * names.ts says (the UTF-8 flag, Info-ZIP's Unicode path field, else the archive's legacy
 * encoding); an archive whose entries overlap (the non-recursive "quine" bombs) is refused.
 */
import type { FileHandle } from 'node:fs/promises';
import { open as openFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { writeBounded } from './bounded-write.ts';
import { ArchiveError, checkListing, shownPath, tooMany } from './listing.ts';
import { extractZipBy7zz } from './programs.ts';
import type { ArchiveLimits, ListedEntry, Lister } from './listing.ts';
import { decodeName, namesEncoding } from './names.ts';

const UTF8_FLAG = 0x800;
const UNICODE_PATH_FIELD = 0x7075;
/** A local file header's fixed part: the least room an entry takes before its data. */
const LOCAL_HEADER_BYTES = 30;
/** The MS-DOS attribute of a folder, in the low byte of the external attributes. */
const MSDOS_FOLDER = 0x10;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** PKWARE's Deflate64 ("enhanced deflating"), written by Windows' own zip past 2 GB. */
const DEFLATE64 = 9;

/** Bytes read at once: the central directory's many small reads are then served from memory. */
const WINDOW_BYTES = 1024 * 1024;

/**
 * The file through a window of {@link WINDOW_BYTES}: yauzl reads each central directory record
 * with reads of its own, one read of the disk each by default (10 000 entries: 20 000 reads).
 */
class WindowedReader extends yauzl.RandomAccessReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  private readonly handle: FileHandle;
  private readonly size: number;
  constructor(handle: FileHandle, size: number) {
    super();
    this.handle = handle;
    this.size = size;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    return this.handle.createReadStream({ start, end: end - 1, autoClose: false });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null) => void,
  ): void {
    const inWindow = () =>
      position >= this.windowStart && position + length <= this.windowStart + this.window.length;
    const copy = () => {
      this.window.copy(
        buffer,
        offset,
        position - this.windowStart,
        position - this.windowStart + length,
      );
      // Never synchronously: yauzl's next read comes from this callback, 10 000 deep.
      process.nextTick(callback, null);
    };
    if (inWindow()) {
      copy();
      return;
    }
    const bytes = Math.min(Math.max(WINDOW_BYTES, length), this.size - position);
    const window = Buffer.alloc(Math.max(bytes, 0));
    this.handle.read(window, 0, window.length, position).then(
      ({ bytesRead }) => {
        this.window = window.subarray(0, bytesRead);
        this.windowStart = position;
        if (inWindow()) copy();
        else callback(new Error('unexpected end of file'));
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  override close(callback: (error: Error | null) => void): void {
    this.handle.close().then(
      () => {
        callback(null);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }
}

async function open(file: string): Promise<ZipFile> {
  const handle = await openFile(file);
  const { size } = await handle.stat();
  const reader = new WindowedReader(handle, size);
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, decodeStrings: false, autoClose: false, validateEntrySizes: true },
      (error, zip) => {
        if (error) {
          void handle.close().catch(() => undefined);
          reject(new ArchiveError('bad_archive', `not a readable zip: ${error.message}`));
        } else resolve(zip);
      },
    );
  });
}

/** The central directory's entries, up to `max` (more: too_large), as yauzl reads them. */
async function readEntries(zip: ZipFile, limits: ArchiveLimits, upTo?: number): Promise<Entry[]> {
  if (zip.entryCount > limits.maxEntries) throw tooMany(zip.entryCount, limits);
  const entries: Entry[] = [];
  const want = upTo ?? zip.entryCount;
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length >= want) resolve(entries);
      else zip.readEntry();
    });
    zip.on('end', () => {
      resolve(entries);
    });
    zip.on('error', (error: Error) => {
      reject(new ArchiveError('bad_archive', `not a readable zip: ${error.message}`));
    });
    if (want === 0) resolve(entries);
    else zip.readEntry();
  });
}

function unicodePath(entry: Entry): string | undefined {
  const field = entry.extraFields.find((extra) => extra.id === UNICODE_PATH_FIELD);
  if (field === undefined || field.data.length < 5 || field.data[0] !== 1) return undefined;
  return new TextDecoder('utf-8').decode(field.data.subarray(5));
}

function listed(entries: readonly Entry[]): ListedEntry[] {
  const legacy = entries
    .filter((entry) => (entry.generalPurposeBitFlag & UTF8_FLAG) === 0)
    .map((entry) => entry.fileNameRaw);
  const encoding = namesEncoding(legacy);
  return entries.map((entry, at) => {
    const raw = entry.fileNameRaw;
    const name =
      unicodePath(entry) ??
      decodeName(raw, (entry.generalPurposeBitFlag & UTF8_FLAG) !== 0 ? 'utf-8' : encoding);
    const unixMode = entry.externalFileAttributes >>> 16;
    const type =
      name.endsWith('/') ||
      name.endsWith('\\') ||
      (entry.externalFileAttributes & MSDOS_FOLDER) !== 0
        ? 'folder'
        : (unixMode & S_IFMT) === S_IFLNK
          ? 'link'
          : 'file';
    let modified: string | undefined;
    try {
      modified = entry.getLastModDate({ timezone: 'UTC' }).toISOString();
    } catch {
      modified = undefined;
    }
    return {
      index: at + 1,
      path: shownPath(name),
      size: entry.uncompressedSize,
      packed: entry.compressedSize,
      ...(modified !== undefined && { modified }),
      type,
      ...(entry.isEncrypted() && { encrypted: true }),
    };
  });
}

/**
 * Entries whose data overlap another's: each local header with its data must end before the next
 * one starts (a zip that points many entries at the same bytes inflates them many times over).
 */
function checkOverlap(entries: readonly Entry[]): void {
  const spans = entries
    .map((entry) => ({ start: entry.relativeOffsetOfLocalHeader, size: entry.compressedSize }))
    .sort((a, b) => a.start - b.start);
  for (let at = 1; at < spans.length; at += 1) {
    const before = spans[at - 1];
    const span = spans[at];
    if (before.start + LOCAL_HEADER_BYTES + before.size > span.start) {
      throw new ArchiveError(
        'bad_archive',
        'its entries overlap one another (a zip bomb of shared data); it is not opened',
      );
    }
  }
}

export const zip: Lister = {
  async list(file, limits) {
    const archive = await open(file);
    try {
      const entries = await readEntries(archive, limits);
      checkOverlap(entries);
      const result = listed(entries);
      checkListing(result, limits);
      return { entries: result };
    } finally {
      archive.close();
    }
  },

  async extract(file, wanted, dest, limits, password) {
    const archive = await open(file);
    try {
      const entries = await readEntries(archive, limits, wanted.index);
      const entry = entries.at(wanted.index - 1);
      if (entry === undefined) throw new ArchiveError('bad_archive', 'no such entry');
      if (entry.isEncrypted() && password === undefined) {
        throw new ArchiveError(
          'password_required',
          'the entry is encrypted; it needs the archive’s password',
        );
      }
      const bounded = { ...wanted, packed: entry.compressedSize };
      // yauzl neither decrypts nor inflates Deflate64 (method 9): 7zz does, in the sandbox.
      if (entry.isEncrypted() || entry.compressionMethod === DEFLATE64) {
        await extractZipBy7zz(file, bounded, archive.entryCount, dest, limits, password);
        return;
      }
      if (!entry.canDecodeFileData()) {
        throw new ArchiveError(
          'unsupported',
          `entry ${String(wanted.index)} is packed with method ${String(entry.compressionMethod)}, which this server does not read`,
        );
      }
      let stream;
      try {
        stream = await archive.openReadStreamPromise(entry);
      } catch (error) {
        throw new ArchiveError(
          'bad_archive',
          error instanceof Error ? error.message : String(error),
        );
      }
      await writeBounded(stream, dest, bounded, limits);
    } finally {
      archive.close();
    }
  },
};
