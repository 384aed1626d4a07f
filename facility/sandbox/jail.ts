/**
 * The file-system sandbox every converting program runs in (docs/server.md, "Converters' sandbox";
 * decision 2026-12-06-converters-see-only-their-input): bubblewrap (Debian's `bwrap`) gives the
 * program a root of its own that holds the programs and fonts read-only and the job's folder at
 * {@link JAIL_ROOT}, and nothing else — not DOCS_DIR, not CACHE_DIR, not /etc/passwd, not another
 * job — with no network, no other process and no capability, under an address-space limit
 * (`prlimit --as`). As root the program first becomes `nobody` (`setpriv`), so bubblewrap runs
 * unprivileged in a user namespace of its own; a server that is not root is unprivileged already.
 *
 * Fails closed: {@link jailCheck} tries the whole wrapper once, and a server that would convert
 * refuses to start without it (server/main.ts, server/worker.ts); a job is never run outside it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readlinkSync, lstatSync, rmSync } from 'node:fs';
import { access, chown, constants, cp, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the job's folder is seen inside: a program is given paths under it. */
export const JAIL_ROOT = '/job';
/** Debian's `nobody` and `nogroup`. */
const NOBODY = 65_534;
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';
/**
 * What a program may read besides /usr: the fonts' configuration and cache, the loader's cache,
 * LibreOffice's own settings (Debian keeps them in /etc) and Debian's alternatives (links into
 * /usr: ffmpeg's BLAS is reached through one). Absent ones are skipped.
 */
const READ_ONLY_EXTRAS = [
  '/etc/alternatives',
  '/etc/fonts',
  '/etc/ld.so.cache',
  '/etc/libreoffice',
  '/var/cache/fontconfig',
];
/** The top-level names a merged /usr makes links (Debian 12) or a classic layout folders. */
const TOP_LEVEL = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];

export interface JailJob {
  /** The job's own folder, seen inside as {@link JAIL_ROOT}. */
  work: string;
  /** Address-space limit of the program and everything it starts. */
  memoryMb: number;
  /** Folders of programs outside /usr (LibreOffice in /opt), seen read-only at the same path. */
  programs?: readonly string[];
  /**
   * A file of the job's folder seen read-only as /etc/passwd, naming the program's own user only
   * ({@link writeIdentity}): GNUstep's programs (unar, lsar) stop when their user has no entry.
   */
  identity?: string;
}

export interface JailedCommand {
  command: string;
  args: string[];
  /** The wrappers' own (PATH): inside, the program has only the jail's environment. */
  env: Record<string, string>;
}

/** The path a program inside sees for `file`, which lies in the job's folder. */
export function inJail(job: Pick<JailJob, 'work'>, file: string): string {
  const relative = path.relative(job.work, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`${file} is not in the job's folder`);
  }
  return path.posix.join(JAIL_ROOT, ...relative.split(path.sep));
}

function asRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * bubblewrap's arguments for a job: the root it builds and the only environment inside (whatever
 * the caller's was), then `--`.
 */
function bubblewrapArgs(
  { work, programs = [], identity }: JailJob,
  env: Record<string, string>,
): string[] {
  const args = [
    '--clearenv',
    ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]),
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const name of TOP_LEVEL) {
    const host = `/${name}`;
    try {
      const entry = lstatSync(host);
      if (entry.isSymbolicLink()) args.push('--symlink', readlinkSync(host), host);
      else if (entry.isDirectory()) args.push('--ro-bind', host, host);
    } catch {
      // not on this machine
    }
  }
  for (const extra of READ_ONLY_EXTRAS) args.push('--ro-bind-try', extra, extra);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  // After /tmp's tmpfs, which would hide a program installed under it.
  for (const folder of programs) args.push('--ro-bind', folder, folder);
  if (identity !== undefined) args.push('--ro-bind', identity, '/etc/passwd');
  args.push('--bind', work, JAIL_ROOT, '--chdir', JAIL_ROOT, '--');
  return args;
}

/**
 * `command` with `args` (paths given as {@link inJail} names them) wrapped to run in the job's
 * sandbox; `env` is added to the minimal one (PATH, LANG, HOME and TMPDIR in the job's folder).
 */
export function jailed(
  job: JailJob,
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
): JailedCommand {
  const inside = {
    PATH: SYSTEM_PATH,
    LANG: 'C.UTF-8',
    HOME: `${JAIL_ROOT}/home`,
    TMPDIR: `${JAIL_ROOT}/tmp`,
    ...env,
  };
  const wrapper = [
    'prlimit',
    `--as=${String(job.memoryMb * 1024 * 1024)}`,
    '--',
    ...(asRoot()
      ? [
          'setpriv',
          `--reuid=${String(NOBODY)}`,
          `--regid=${String(NOBODY)}`,
          '--clear-groups',
          '--',
        ]
      : []),
    'bwrap',
    ...bubblewrapArgs(job, inside),
  ];
  const [first = 'prlimit', ...rest] = [...wrapper, command, ...args];
  return { command: first, args: rest, env: { PATH: SYSTEM_PATH } };
}

/**
 * Writes, in the job's folder, the one line of /etc/passwd that names the user a program runs as
 * inside (`nobody` as root, else the server's own uid, which bubblewrap keeps); returns its path
 * for {@link JailJob.identity}. The host's own /etc/passwd is never shown.
 */
export async function writeIdentity(work: string): Promise<string> {
  const uid = asRoot() ? NOBODY : (process.getuid?.() ?? NOBODY);
  const gid = asRoot() ? NOBODY : (process.getgid?.() ?? NOBODY);
  const file = path.join(work, 'passwd');
  await writeFile(file, `nobody:x:${String(uid)}:${String(gid)}::${JAIL_ROOT}/home:/bin/false\n`, {
    mode: 0o644,
  });
  return file;
}

/**
 * Makes the job's folder the sandbox's to use: as root the program runs as `nobody`, who must own
 * it, and every folder above it must let others through (o+x, as /tmp does) for bubblewrap,
 * running as nobody, to reach it.
 */
export async function prepareJailFolder(work: string): Promise<void> {
  if (!asRoot()) return;
  const closed = await closedAncestor(work);
  if (closed !== undefined) {
    throw new Error(
      `${closed} is closed to the unprivileged user converters run as: give it o+x or convert in another folder`,
    );
  }
  await chown(work, NOBODY, NOBODY);
  for (const entry of await readdir(work, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), NOBODY, NOBODY);
  }
}

/** The first folder above `at` that does not let others through (no o+x), if any. */
async function closedAncestor(at: string): Promise<string | undefined> {
  for (let above = path.dirname(at); ; above = path.dirname(above)) {
    if (((await stat(above)).mode & 0o001) === 0) return above;
    if (path.dirname(above) === above) return undefined;
  }
}

/**
 * Where a program's folder outside /usr (the project's Node, a program of the checkout) is seen
 * inside the sandbox: at its own path, bound read-only (`bind`); or, as root when a folder above it
 * is closed to others (a checkout inside a 0700 folder), which the sandbox's unprivileged user
 * cannot pass, at a copy made in the job's folder (before {@link prepareJailFolder} hands it over),
 * gone with the job.
 */
export async function programFolderFor(
  job: Pick<JailJob, 'work'>,
  folder: string,
): Promise<{ bind?: string; inside: string }> {
  if (!asRoot() || (await closedAncestor(folder)) === undefined) {
    return { bind: folder, inside: folder };
  }
  const copy = path.join(await mkdtemp(path.join(job.work, 'program-')), path.basename(folder));
  await cp(folder, copy, { recursive: true, dereference: true });
  return { inside: inJail(job, copy) };
}

export type JailCheck = { ok: true } | { ok: false; why: string };
let checked: JailCheck | undefined;

/**
 * Whether the sandbox can be made on this machine: the whole wrapper is tried once on an empty
 * job (bubblewrap installed, user namespaces allowed, prlimit and setpriv there).
 */
export function jailCheck(): JailCheck {
  if (checked) return checked;
  const work = mkdtempSync(path.join(tmpdir(), 'folio-jail-check-'));
  try {
    if (asRoot()) execFileSync('chown', [`${String(NOBODY)}:${String(NOBODY)}`, work]);
    const { command, args, env } = jailed({ work, memoryMb: 256 }, '/bin/true', []);
    execFileSync(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
    checked = { ok: true };
  } catch (error) {
    const stderr =
      error instanceof Error && 'stderr' in error && Buffer.isBuffer(error.stderr)
        ? error.stderr.toString('utf8').trim()
        : '';
    const message = error instanceof Error ? error.message : String(error);
    checked = { ok: false, why: stderr === '' ? (message.split('\n')[0] ?? message) : stderr };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return checked;
}

/** `name` on PATH, or a path, when it is an executable file; undefined otherwise. */
export async function findExecutable(name: string): Promise<string | undefined> {
  const candidates = name.includes('/')
    ? [name]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Throws, saying how to fix it, when the sandbox cannot be made (a converter would run without). */
export function assertJail(): void {
  const check = jailCheck();
  if (!check.ok) {
    throw new Error(
      `converters cannot be sandboxed here (${check.why}): install bubblewrap (apt-get install bubblewrap) and allow user namespaces (sysctl kernel.unprivileged_userns_clone=1), or uninstall LibreOffice; no document is converted outside the sandbox`,
    );
  }
}
