/**
 * What an archive or an e-mail holds, as the facility reads it (docs/server.md, "Archives and
 * e-mail"): its entries in the order of its own directory, each named by a path shown as text and
 * never used as one on the file system, and the caps every reader of it keeps (limits below).
 */

/** One entry of an archive's own directory (or an e-mail's attachment). */
export interface ListedEntry {
  /** 1-based, in the archive's own directory (folders and links counted): an entry id's number. */
  index: number;
  /** `/`-separated, decoded to Unicode; `..`, `.`, empty segments and a leading `/` left out. */
  path: string;
  /**
   * The name as the archive stores it, when a program extracts the entry by name (7zz, bsdtar) or index (unar):
   * given to it as an argument after `--`, never used as a path here.
   */
  stored?: string;
  /** Bytes once extracted, as the archive declares them (undefined: it does not say). */
  size?: number;
  /** Bytes as stored, when the archive says (the ratio cap compares the two). */
  packed?: number;
  /** ISO 8601, when the archive says. */
  modified?: string;
  /**
   * `file`: opens as a document. A folder, a link (its target never followed) or anything else
   * (a device, a FIFO) is listed and never extracted.
   */
  type: 'file' | 'folder' | 'link' | 'other';
  /** Its bytes are encrypted: opening it asks for the archive's password. */
  encrypted?: boolean;
}

export interface Listing {
  entries: ListedEntry[];
  /** An e-mail's header fields and body (mail.ts); none for an archive. */
  message?: MailMessage;
}

export interface MailMessage {
  from: string;
  to: string[];
  cc: string[];
  date?: string;
  subject: string;
  text?: string;
  /** Sanitised (mail-html.ts): no script, no remote URL, inline `cid:` images as data: URIs. */
  html?: string;
}

/**
 * The caps an archive is read under (docs/server.md, "Limits: archives"); each one exceeded is
 * `413 too_large` with a message naming it.
 */
export interface ArchiveLimits {
  /** Entries in one archive's directory. */
  maxEntries: number;
  /** Declared bytes of all its entries together. */
  maxTotalBytes: number;
  /** Bytes of one entry, declared or actually inflated. */
  maxEntryBytes: number;
  /** Inflated bytes per stored byte of one entry, once it is over {@link RATIO_FLOOR_BYTES}. */
  maxRatio: number;
  /** Archives inside archives: `a.zip!1!2` is depth 2. */
  maxDepth: number;
  /** Milliseconds a program listing or extracting (7zz, bsdtar, unar) may run. */
  timeoutMs: number;
  /** Address space of such a program, in MB. */
  memoryMb: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntryBytes: 256 * 1024 ** 2,
  maxRatio: 200,
  maxDepth: 5,
  timeoutMs: 30_000,
  memoryMb: 512,
};

/** Entries smaller than this are never refused for their ratio (a small text file packs well). */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * Why an archive or one of its entries is refused: `too_large` (a cap, named in the message),
 * `password_required` (its entries are encrypted), `password_incorrect` (the reader's password
 * does not open them), `bad_archive` (unreadable, or its entries
 * overlap), `unsupported` (a folder, a link, or a way of packing this server does not read),
 * `reader_not_installed` (7zz, bsdtar or unar, or their sandbox, missing on this server).
 */
export type ArchiveFailureCode =
  | 'too_large'
  | 'password_required'
  | 'password_incorrect'
  | 'bad_archive'
  | 'unsupported'
  | 'reader_not_installed';

export const ARCHIVE_FAILURE_STATUS: Record<ArchiveFailureCode, number> = {
  too_large: 413,
  password_required: 422,
  password_incorrect: 422,
  bad_archive: 422,
  unsupported: 415,
  reader_not_installed: 503,
};

export class ArchiveError extends Error {
  readonly code: ArchiveFailureCode;
  constructor(code: ArchiveFailureCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The caps of a listing as a whole: entry count, declared total, each entry's ratio. */
export function checkListing(entries: readonly ListedEntry[], limits: ArchiveLimits): void {
  if (entries.length > limits.maxEntries) {
    throw tooMany(entries.length, limits);
  }
  // The total first: a bomb of many entries is named by what it would inflate to in all.
  const total = entries.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
  if (total > limits.maxTotalBytes) {
    throw new ArchiveError(
      'too_large',
      `its entries inflate to ${String(total)} bytes; the cap on total inflated bytes is ${String(limits.maxTotalBytes)}`,
    );
  }
  // An entry too large to open is still listed (opening it is refused); a ratio past the cap is
  // a bomb's mark, and refuses the archive.
  for (const entry of entries) checkRatio(entry, entry.size ?? 0, limits);
}

export function tooMany(count: number, limits: ArchiveLimits): ArchiveError {
  return new ArchiveError(
    'too_large',
    `it has ${String(count)} entries; the cap on entry count is ${String(limits.maxEntries)}`,
  );
}

/** One entry's caps at `bytes` inflated (declared, or counted while it is extracted). */
export function checkEntrySize(entry: ListedEntry, bytes: number, limits: ArchiveLimits): void {
  if (bytes > limits.maxEntryBytes) {
    throw new ArchiveError(
      'too_large',
      `entry ${String(entry.index)} inflates past ${String(limits.maxEntryBytes)} bytes, the cap on one entry's bytes`,
    );
  }
  checkRatio(entry, bytes, limits);
}

function checkRatio(entry: ListedEntry, bytes: number, limits: ArchiveLimits): void {
  if (
    entry.packed !== undefined &&
    bytes > RATIO_FLOOR_BYTES &&
    bytes > Math.max(entry.packed, 1) * limits.maxRatio
  ) {
    throw new ArchiveError(
      'too_large',
      `entry ${String(entry.index)} inflates ${String(Math.round(bytes / Math.max(entry.packed, 1)))} times its ${String(entry.packed)} stored bytes; the cap on compression ratio is ${String(limits.maxRatio)}`,
    );
  }
}

/**
 * An entry's name as shown: `\` read as `/`, and no empty, `.` or `..` segment (so no leading `/`
 * either). Only ever text: no entry is written under its name.
 */
export function shownPath(name: string): string {
  return name
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .join('/');
}

/**
 * Reads one archive format: its directory, and one entry's bytes into a file. `password`: the
 * reader's, for an archive whose directory or entries are encrypted (docs/server.md, "Passwords");
 * a reader that cannot use one answers `password_required` as without it.
 */
export interface Lister {
  /** Throws {@link ArchiveError}. `name`: the archive's own (a `.gz` names what it holds by it). */
  list: (file: string, limits: ArchiveLimits, name?: string, password?: string) => Promise<Listing>;
  /**
   * Writes entry `index`'s bytes (as listed) to `dest`, counting them against the caps as they
   * come; throws {@link ArchiveError}.
   */
  extract: (
    file: string,
    entry: ListedEntry,
    dest: string,
    limits: ArchiveLimits,
    password?: string,
  ) => Promise<void>;
}
