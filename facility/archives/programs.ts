/**
 * 7z (Debian's `7zip`, `7zz`), `.tar.bz2` and `.tar.xz` (libarchive's `bsdtar`), and, through
 * the helpers here, RAR (The Unarchiver, rar.ts), read by programs in the converters' sandbox (facility/sandbox/jail.ts): each run sees a copy of
 * the archive in a job folder of its own and nothing else, as `nobody`, with no network, under an
 * address-space limit and a time limit, two at once, its output counted against the caps as it
 * comes (docs/decisions/2026-12-06-archives-and-mail.md).
 */
import { spawn } from 'node:child_process';
import { copyFile, constants, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import {
  findExecutable,
  inJail,
  jailCheck,
  jailed,
  prepareJailFolder,
  writeIdentity,
} from '../sandbox/jail.ts';
import { createTurns } from '../sandbox/turns.ts';
import { writeBounded } from './bounded-write.ts';
import { ArchiveError, checkListing, shownPath } from './listing.ts';
import type { ArchiveLimits, ListedEntry, Lister } from './listing.ts';

/** What a listing's output may hold: a few hundred bytes per entry. */
const LISTING_BYTES_PER_ENTRY = 1024;
/** A password no archive has: an encrypted one fails at once instead of asking on a terminal. */
const NO_PASSWORD = '-p\u0001';

/**
 * 7zz's password argument: none when the reader gave one, which 7zz then reads from its standard
 * input (never an argument: a command line is readable by every process of the machine).
 */
function passwordArgs(password: string | undefined): string[] {
  return password === undefined ? [NO_PASSWORD] : [];
}

interface Run {
  code: number | null;
  stderr: string;
}

/**
 * Programs running at once: each may take its address-space limit and a core, so a flood of
 * archive requests waits its turn here instead of starting one program each.
 */
export const PROGRAMS_AT_ONCE = 2;
const turn = createTurns(PROGRAMS_AT_ONCE);

/** The archive copied into a fresh job folder, for `task`, in its turn; the folder removed after. */
function inJob<T>(
  file: string,
  ext: string,
  task: (work: string, archive: string) => Promise<T>,
): Promise<T> {
  return turn(() => inOwnJob(file, ext, task));
}

async function inOwnJob<T>(
  file: string,
  ext: string,
  task: (work: string, archive: string) => Promise<T>,
): Promise<T> {
  const check = jailCheck();
  if (!check.ok) {
    throw new ArchiveError(
      'reader_not_installed',
      `the archive readers' sandbox cannot be made here (${check.why})`,
    );
  }
  const work = await mkdtemp(path.join(tmpdir(), 'folio-archive-'));
  try {
    const archive = path.join(work, `archive${ext}`);
    await copyFile(file, archive, constants.COPYFILE_FICLONE);
    await prepareJailFolder(work);
    return await task(work, archive);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Runs `program` in the job's sandbox; its stdout goes to `out` (cut past `maxBytes`); resolves
 * with its exit code and the start of its stderr.
 */
async function run(
  work: string,
  program: string,
  args: string[],
  limits: ArchiveLimits,
  out: PassThrough,
  maxBytes: number,
  password: string | undefined,
  { identity = false }: RunOptions,
): Promise<Run> {
  const {
    command,
    args: wrapped,
    env,
  } = jailed(
    {
      work,
      memoryMb: limits.memoryMb,
      ...(identity && { identity: await writeIdentity(work) }),
    },
    program,
    args,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(command, wrapped, {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    // The reader's password, on the program's standard input only (passwordArgs); a program
    // that exits without reading it closes the pipe.
    child.stdin.on('error', () => undefined);
    child.stdin.end(password === undefined ? '' : `${password}\n`);
    let bytes = 0;
    let stderr = '';
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    };
    // Whoever reads `out` gave up (a cap passed): the program is stopped, not left to run on.
    out.on('close', () => {
      if (child.exitCode === null) kill();
    });
    const timer = setTimeout(() => {
      kill();
      out.destroy(
        new ArchiveError('too_large', `reading it took longer than ${String(limits.timeoutMs)} ms`),
      );
    }, limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (out.destroyed) return;
      bytes += chunk.length;
      if (bytes > maxBytes) {
        kill();
        out.destroy(new ArchiveError('too_large', `its output passed ${String(maxBytes)} bytes`));
        return;
      }
      if (!out.write(chunk)) {
        child.stdout.pause();
        out.once('drain', () => child.stdout.resume());
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      if (!out.destroyed) out.destroy(error);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!out.destroyed) out.end();
      resolve({ code, stderr });
    });
  });
}

async function collect(out: PassThrough): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of out) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function failure(what: string, result: Run, password?: string): ArchiveError {
  if (/password|encrypt|passphrase/i.test(result.stderr)) {
    return password === undefined
      ? new ArchiveError('password_required', 'it is encrypted; it needs its password')
      : new ArchiveError('password_incorrect', 'the password given does not open it');
  }
  const line =
    result.stderr.trim().split('\n').filter(Boolean).pop() ?? `exit ${String(result.code)}`;
  return new ArchiveError('bad_archive', `${what} could not read it: ${line}`);
}

async function programOrFail(name: string): Promise<string> {
  const found = await findExecutable(name);
  if (found === undefined) {
    throw new ArchiveError(
      'reader_not_installed',
      `${name} is not installed (docs/server.md, "Archives and e-mail")`,
    );
  }
  return found;
}

export interface RunOptions {
  /** The program needs an /etc/passwd entry for its user (GNUstep's: unar, lsar). */
  identity?: boolean;
}

export interface ListingOptions extends RunOptions {
  /** What its output may hold per entry (the cap is this times the entries' cap). */
  bytesPerEntry?: number;
  /** A program that says why it failed on its standard output: read first when it fails. */
  explain?: (output: string) => ArchiveError | undefined;
}

/**
 * What `program` prints of a copy of `file` (named `archive<ext>` in the job), run in the sandbox:
 * a listing's text, or another short answer.
 */
export async function listingText(
  file: string,
  ext: string,
  program: string,
  args: (archive: string) => string[],
  limits: ArchiveLimits,
  password?: string,
  { bytesPerEntry = LISTING_BYTES_PER_ENTRY, explain, ...options }: ListingOptions = {},
): Promise<string> {
  const executable = await programOrFail(program);
  return inJob(file, ext, async (work, archive) => {
    const out = new PassThrough();
    const [result, listing] = await Promise.all([
      run(
        work,
        executable,
        args(inJail({ work }, archive)),
        limits,
        out,
        limits.maxEntries * bytesPerEntry,
        password,
        options,
      ),
      collect(out),
    ]);
    if (result.code !== 0) throw explain?.(listing) ?? failure(program, result, password);
    return listing;
  });
}

/**
 * What `program` writes to its standard output, written to `dest` under one entry's caps
 * (`entry`): an entry's bytes, or a file's decrypted.
 */
export async function extractWith(
  file: string,
  ext: string,
  program: string,
  args: (archive: string) => string[],
  entry: ListedEntry,
  dest: string,
  limits: ArchiveLimits,
  password?: string,
  options: RunOptions = {},
): Promise<void> {
  const executable = await programOrFail(program);
  await inJob(file, ext, async (work, archive) => {
    const out = new PassThrough();
    const [result] = await Promise.all([
      run(
        work,
        executable,
        args(inJail({ work }, archive)),
        limits,
        out,
        limits.maxEntryBytes + 1,
        password,
        options,
      ),
      writeBounded(out, dest, entry, limits),
    ]);
    if (result.code !== 0) {
      await rm(dest, { force: true });
      throw failure(program, result, password);
    }
  });
}

/** 7-Zip's technical listing (`-slt`): blocks of `Name = value` lines, one per entry. */
export function parse7zListing(text: string): ListedEntry[] {
  const entries: ListedEntry[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const fields = new Map<string, string>();
    for (const line of block.split(/\r?\n/)) {
      const at = line.indexOf(' = ');
      if (at > 0) fields.set(line.slice(0, at), line.slice(at + 3));
    }
    const name = fields.get('Path');
    if (name === undefined) continue;
    const attributes = fields.get('Attributes') ?? '';
    const size = Number(fields.get('Size') ?? '');
    const packedText = fields.get('Packed Size') ?? '';
    const packed = packedText === '' ? NaN : Number(packedText);
    const stamp = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})/.exec(fields.get('Modified') ?? '');
    entries.push({
      index: entries.length + 1,
      path: shownPath(name),
      stored: name,
      ...(Number.isFinite(size) && { size }),
      ...(Number.isFinite(packed) && { packed }),
      ...(stamp && { modified: `${stamp[1]}T${stamp[2]}.000Z` }),
      type: attributes.startsWith('D')
        ? 'folder'
        : /\sl[rwx-]{9}/.test(attributes)
          ? 'link'
          : 'file',
      ...(fields.get('Encrypted') === '+' && { encrypted: true }),
    });
  }
  return entries;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const BSDTAR_LINE =
  /^([-dlbcps?][-rwxsStT?]{9}\S*)\s+\d+\s+\S+\s+\S+\s+(\d+)\s+(\w{3})\s+(\d{1,2})\s+(\d{1,2}:\d{2}|\d{4})\s(.*)$/;

/** bsdtar's `-tv` listing (as `ls -l` prints): type, size, date and name per line. */
export function parseBsdtarListing(text: string, now = new Date()): ListedEntry[] {
  const entries: ListedEntry[] = [];
  for (const line of text.split('\n')) {
    const match = BSDTAR_LINE.exec(line);
    if (!match) continue;
    const [, mode = '', size = '0', month = '', day = '1', yearOrTime = '', rest = ''] = match;
    const link = mode.startsWith('l');
    const name = link ? rest.replace(/ -> .*$/, '') : rest.replace(/ link to .*$/, '');
    const monthIndex = MONTHS.indexOf(month);
    const year = yearOrTime.includes(':') ? now.getUTCFullYear() : Number(yearOrTime);
    const [hours = 0, minutes = 0] = yearOrTime.includes(':')
      ? yearOrTime.split(':').map(Number)
      : [];
    const date =
      monthIndex < 0
        ? undefined
        : new Date(Date.UTC(year, monthIndex, Number(day), hours, minutes));
    entries.push({
      index: entries.length + 1,
      path: shownPath(name),
      stored: name,
      size: Number(size),
      ...(date && !Number.isNaN(date.getTime()) && { modified: date.toISOString() }),
      type: mode.startsWith('d')
        ? 'folder'
        : link
          ? 'link'
          : mode.startsWith('-')
            ? 'file'
            : 'other',
    });
  }
  return entries;
}

/** A name as a bsdtar pattern that matches only itself. */
function literalPattern(name: string): string {
  return name.replace(/[\\*?[\]]/g, (char) => `\\${char}`);
}

/** Entry `entry` of a `.7z` or `.zip` (`ext`) extracted by 7zz, its name given as 7zz listed it. */
async function extractBy7zz(
  file: string,
  ext: string,
  entry: ListedEntry,
  stored: string,
  dest: string,
  limits: ArchiveLimits,
  password: string | undefined,
): Promise<void> {
  // `-spd`: no wildcard in the name is one.
  await extractWith(
    file,
    ext,
    '7zz',
    (archive) => [
      'e',
      '-so',
      '-spd',
      '-sccUTF-8',
      ...passwordArgs(password),
      '--',
      archive,
      stored,
    ],
    entry,
    dest,
    limits,
    password,
  );
}

function listBy7zz(
  file: string,
  ext: string,
  limits: ArchiveLimits,
  password: string | undefined,
): Promise<string> {
  return listingText(
    file,
    ext,
    '7zz',
    (archive) => ['l', '-slt', '-ba', '-sccUTF-8', ...passwordArgs(password), '--', archive],
    limits,
    password,
  );
}

/** What 7-Zip reads here: `.7z`. */
export const sevenZip: Lister = {
  async list(file, limits, _name, password) {
    const entries = parse7zListing(await listBy7zz(file, '.7z', limits, password));
    checkListing(entries, limits);
    return { entries };
  },
  async extract(file, entry, dest, limits, password) {
    if (entry.encrypted === true && password === undefined)
      throw new ArchiveError(
        'password_required',
        'the entry is encrypted; it needs the archive’s password',
      );
    const bounded = { ...entry, packed: undefined };
    await extractBy7zz(file, '.7z', bounded, entry.stored ?? entry.path, dest, limits, password);
  },
};

/**
 * A zip entry yauzl does not inflate (ZipCrypto or AES encryption, Deflate64) extracted by 7zz:
 * its name as 7zz lists the same entry of the same central directory (yauzl's names are bytes
 * decoded by Folio; 7zz is given its own).
 */
export async function extractZipBy7zz(
  file: string,
  entry: ListedEntry,
  entryCount: number,
  dest: string,
  limits: ArchiveLimits,
  password: string | undefined,
): Promise<void> {
  const listed = parse7zListing(await listBy7zz(file, '.zip', limits, password));
  const stored = listed.length === entryCount ? listed.at(entry.index - 1)?.stored : undefined;
  if (stored === undefined) {
    throw new ArchiveError('bad_archive', '7zz and yauzl do not list the same entries in it');
  }
  await extractBy7zz(file, '.zip', entry, stored, dest, limits, password);
}

/** What libarchive's bsdtar reads here: `.tar.bz2`, `.tar.xz`. */
export function bsdtarLister(): Lister {
  const ext = '';
  return {
    async list(file, limits) {
      const text = await listingText(file, ext, 'bsdtar', (archive) => ['-tvf', archive], limits);
      const entries = parseBsdtarListing(text);
      checkListing(entries, limits);
      return { entries };
    },
    async extract(file, entry, dest, limits) {
      await extractWith(
        file,
        ext,
        'bsdtar',
        (archive) => ['-xOqf', archive, '--', literalPattern(entry.stored ?? entry.path)],
        entry,
        dest,
        limits,
      );
    },
  };
}
