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
import { open, stat, rm } from 'node:fs/promises';
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

/** RAR 1.5–4.x's signature; RAR 5's differs in its seventh byte (`Rar!\x1a\x07\x01\x00`). */
const RAR4_SIGNATURE = Buffer.from('Rar!\x1a\x07\x00', 'latin1');

/** Whether the archive is a RAR 4, whose encryption Debian's unar cannot undo. */
async function isRar4(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(RAR4_SIGNATURE.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(RAR4_SIGNATURE);
  } finally {
    await handle.close();
  }
}

/**
 * RAR 4's encryption (AES-128) is answered as a way of packing this server does not read, at once
 * and whatever password comes: asking for one that cannot work would send the reader round in a
 * loop (docs/decisions/2026-12-06-rar-passwords.md).
 */
function rar4Encrypted(): ArchiveError {
  return new ArchiveError(
    'unsupported',
    'it uses RAR 4 encryption, which this server cannot decrypt; download the archive to open it',
  );
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
    const entries = await listingText(
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
    )
      .then((text) => parseLsarListing(text, password))
      .catch(async (error: unknown) => {
        // A RAR 4 with encrypted names does not list even with its right password.
        const asksPassword = error instanceof ArchiveError && error.code.startsWith('password_');
        throw asksPassword && (await isRar4(file)) ? rar4Encrypted() : error;
      });
    checkListing(entries, limits);
    return { entries };
  },
  async extract(file, entry, dest, limits, password) {
    if (entry.encrypted === true && (await isRar4(file))) throw rar4Encrypted();
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
