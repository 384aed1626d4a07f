/**
 * RAR 4 and 5 read by The Unarchiver (Debian's `unar`, LGPL-2.1, run as a separate program in the
 * sandbox like 7zz and bsdtar, programs.ts): `lsar -j` lists and says which entries are encrypted,
 * `unar -o - -i` writes one entry by its index to standard output. Neither 7zz (Debian's has no
 * RAR codec) nor bsdtar (no RAR decryption) opens an encrypted RAR
 * (docs/decisions/2026-12-06-rar-passwords.md).
 *
 * The password is an argument (`-p`): neither program reads it from anywhere else. The sandbox's
 * own pid namespace and /proc hide it from every other sandboxed job; a process outside the
 * sandbox can read it from /proc while the program runs unless /proc is mounted `hidepid`
 * (docs/server.md, "Passwords").
 */
import { stat, rm } from 'node:fs/promises';
import { ArchiveError, checkListing, shownPath } from './listing.ts';
import type { ListedEntry, Lister } from './listing.ts';
import { extractWith, listingText } from './programs.ts';

/** lsar's JSON of one entry is about 1–2 kB (salts, IVs and parts included). */
const LSAR_BYTES_PER_ENTRY = 4096;
/** XADMaster's `XADPasswordError`: the password given does not open the listing. */
const XAD_PASSWORD_ERROR = 15;

interface LsarEntry {
  XADIndex?: number;
  XADFileName?: string;
  XADFileSize?: number;
  XADCompressedSize?: number;
  XADLastModificationDate?: string;
  XADIsDirectory?: number;
  XADIsLink?: number;
  XADIsHardLink?: number;
  XADIsCharacterDevice?: number;
  XADIsBlockDevice?: number;
  XADIsFIFO?: number;
  XADIsEncrypted?: number;
}

interface LsarListing {
  lsarContents?: LsarEntry[];
  lsarError?: number;
}

function passwordArgs(password: string | undefined): string[] {
  return password === undefined ? [] : ['-p', password];
}

function passwordError(password: string | undefined): ArchiveError {
  return password === undefined
    ? new ArchiveError('password_required', 'it is encrypted; it needs its password')
    : new ArchiveError('password_incorrect', 'the password given does not open it');
}

function parsed(text: string): LsarListing | undefined {
  try {
    return JSON.parse(text) as LsarListing;
  } catch {
    return undefined;
  }
}

/** `2011-06-12 09:53:33 +0000`, as lsar prints a date, in ISO 8601 (UTC). */
function isoDate(text: string | undefined): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}${match[3]}:${match[4]}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function typeOf(entry: LsarEntry): ListedEntry['type'] {
  if (entry.XADIsDirectory === 1) return 'folder';
  if (entry.XADIsLink === 1 || entry.XADIsHardLink === 1) return 'link';
  if (entry.XADIsCharacterDevice === 1 || entry.XADIsBlockDevice === 1 || entry.XADIsFIFO === 1)
    return 'other';
  return 'file';
}

/** `lsar -j`'s listing; `stored` is lsar's own index of the entry, which `unar -i` takes. */
export function parseLsarListing(text: string, password?: string): ListedEntry[] {
  const listing = parsed(text);
  if (listing === undefined) throw new ArchiveError('bad_archive', 'lsar printed no listing');
  if (listing.lsarError === XAD_PASSWORD_ERROR) throw passwordError(password);
  if (listing.lsarError !== undefined && listing.lsarError !== 0) {
    throw new ArchiveError(
      'bad_archive',
      `lsar could not read it (error ${String(listing.lsarError)})`,
    );
  }
  return (listing.lsarContents ?? []).map((entry, at) => {
    const modified = isoDate(entry.XADLastModificationDate);
    return {
      index: at + 1,
      path: shownPath(entry.XADFileName ?? ''),
      stored: String(entry.XADIndex ?? at),
      ...(entry.XADFileSize !== undefined && { size: entry.XADFileSize }),
      ...(entry.XADCompressedSize !== undefined && { packed: entry.XADCompressedSize }),
      ...(modified !== undefined && { modified }),
      type: typeOf(entry),
      ...(entry.XADIsEncrypted === 1 && { encrypted: true }),
    };
  });
}

/** RAR 4 and 5 (`.rar`). */
export const rar: Lister = {
  async list(file, limits, _name, password) {
    // `-nr`: an archive inside is an entry of its own, never listed through.
    const text = await listingText(
      file,
      '.rar',
      'lsar',
      (archive) => ['-j', '-nr', ...passwordArgs(password), '--', archive],
      limits,
      password,
      {
        bytesPerEntry: LSAR_BYTES_PER_ENTRY,
        identity: true,
        explain: (output) =>
          parsed(output)?.lsarError === XAD_PASSWORD_ERROR ? passwordError(password) : undefined,
      },
    );
    const entries = parseLsarListing(text, password);
    checkListing(entries, limits);
    return { entries };
  },
  async extract(file, entry, dest, limits, password) {
    if (entry.encrypted === true && password === undefined) throw passwordError(undefined);
    await extractWith(
      file,
      '.rar',
      'unar',
      (archive) => [
        '-o',
        '-',
        '-nr',
        '-q',
        ...passwordArgs(password),
        '-i',
        '--',
        archive,
        entry.stored ?? String(entry.index - 1),
      ],
      entry,
      dest,
      limits,
      password,
      { identity: true },
    );
    // Writing to standard output, unar exits 0 when a wrong password stops the entry: what it
    // wrote falls short of the size the listing declared.
    if (entry.size !== undefined && (await stat(dest)).size !== entry.size) {
      await rm(dest, { force: true });
      if (entry.encrypted === true) throw passwordError(password);
      throw new ArchiveError(
        'bad_archive',
        `entry ${String(entry.index)} came out shorter than the archive says`,
      );
    }
  },
};
