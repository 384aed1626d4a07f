/**
 * How LibreOffice is started on an untrusted document (docs/server.md, "LibreOffice's sandbox";
 * decision 2026-11-26-hostile-input-limits):
 *
 * - a minimal environment: PATH, LANG and a HOME and TMPDIR inside the job's folder; nothing of
 *   the server's (REDIS_URL's password, any secret) reaches it, so a field that reads
 *   `/proc/self/environ` finds nothing worth having;
 * - a fresh profile per job whose registrymodifications.xcu blocks linked content
 *   (`BlockUntrustedRefererLinks`: linked images are not fetched) and link and field updates on
 *   load, and disables macros;
 * - a memory limit: `prlimit --as` (util-linux), inherited by soffice.bin;
 * - as root: no network (`unshare --net`, a namespace with only a down loopback) and the
 *   unprivileged `nobody` (`setpriv`), owning only the job's folder. Not as root these need
 *   privileges the server lacks; the profile still fetches nothing.
 */
import { execFileSync } from 'node:child_process';
import { chown, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Debian's `nobody` and `nogroup`. */
const NOBODY = 65_534;
/** No network, and nobody's rights: the wrapper a job runs in as root (and is probed with). */
const ISOLATE = [
  'unshare',
  '--net',
  '--',
  'setpriv',
  `--reuid=${String(NOBODY)}`,
  `--regid=${String(NOBODY)}`,
  '--clear-groups',
  '--',
] as const;
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

const PROFILE_SETTINGS: [path: string, name: string, value: string][] = [
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  // Writer: 0 never updates links; Calc: 1 never.
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', '0'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Field', 'false'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Chart', 'false'],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', '1'],
  // A profile LibreOffice has not seen its own version in runs its graphics render tests at start
  // (desktop's runGraphicsRenderTests, when the product version counts as upgraded): 4–7 s of CPU
  // on each job's fresh profile, a one-line .txt 8.0 s against 1.1 s seeded
  // (docs/decisions/2026-11-28-more-formats.md). A version above any release never counts as one.
  ['/org.openoffice.Setup/Product', 'ooSetupLastVersion', '99.9'],
];

export function profileSettings(): string {
  const items = PROFILE_SETTINGS.map(
    ([where, name, value]) =>
      `<item oor:path="${where}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
}

export interface SandboxTools {
  prlimit: boolean;
  /** Root, with unshare and setpriv that work here (a container may forbid namespaces). */
  isolate: boolean;
}

let tools: SandboxTools | undefined;

/** What this machine allows, found once: each tool is tried, not assumed. */
export function sandboxTools(): SandboxTools {
  if (tools) return tools;
  const works = (command: string, args: string[]) => {
    try {
      execFileSync(command, args, { stdio: 'ignore', env: { PATH: SYSTEM_PATH }, timeout: 5000 });
      return true;
    } catch {
      return false;
    }
  };
  const root = process.getuid?.() === 0;
  tools = {
    prlimit: works('prlimit', ['--as=1073741824', '--', 'true']),
    isolate: root && works(ISOLATE[0], [...ISOLATE.slice(1), 'true']),
  };
  return tools;
}

async function chownTree(dir: string): Promise<void> {
  await chown(dir, NOBODY, NOBODY);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), NOBODY, NOBODY);
  }
}

/**
 * `nobody` must reach the job's folder: LibreOffice hangs (it does not fail) on a profile it cannot
 * create. Every folder above it has to let others through (o+x), as /tmp does.
 */
async function checkReachable(dir: string): Promise<void> {
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    if (((await stat(at)).mode & 0o001) === 0) {
      throw new Error(
        `${at} is closed to the unprivileged user LibreOffice runs as: give it o+x or convert in another folder`,
      );
    }
    if (path.dirname(at) === at) return;
  }
}

export interface SofficeJob {
  soffice: string;
  /** The job's own folder: input, profile, home, output. */
  work: string;
  input: string;
  outDir: string;
  memoryMb: number;
  /** LibreOffice's import filter (with its options), when the extension alone would not say. */
  infilter?: string | undefined;
  /** What `--convert-to` makes. Default `pdf`. */
  to?: string;
}

/** The command line and environment that convert `input` (to PDF) in `outDir`, sandboxed. */
export async function sandboxedSoffice(job: SofficeJob): Promise<{
  command: string;
  args: string[];
  env: Record<string, string>;
  /**
   * The job's folder: soffice's launcher goes back to its working directory, which the server's
   * own (a 0700 folder of root's) may not let `nobody` enter.
   */
  cwd: string;
}> {
  const profile = path.join(job.work, 'profile');
  const home = path.join(job.work, 'home');
  const tmp = path.join(job.work, 'tmp');
  await mkdir(path.join(profile, 'user'), { recursive: true });
  await mkdir(home, { recursive: true });
  await mkdir(tmp, { recursive: true });
  await mkdir(job.outDir, { recursive: true });
  await writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), profileSettings());
  const { prlimit, isolate } = sandboxTools();
  if (isolate) {
    await checkReachable(job.work);
    await chownTree(job.work);
  }
  const soffice = [
    job.soffice,
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    '--headless',
    '--norestore',
    '--nolockcheck',
    ...(job.infilter === undefined ? [] : [`--infilter=${job.infilter}`]),
    '--convert-to',
    job.to ?? 'pdf',
    '--outdir',
    job.outDir,
    job.input,
  ];
  const wrappers = [
    ...(prlimit ? ['prlimit', `--as=${String(job.memoryMb * 1024 * 1024)}`, '--'] : []),
    ...(isolate ? ISOLATE : []),
  ];
  const [command = job.soffice, ...args] = [...wrappers, ...soffice];
  return {
    command,
    args,
    env: { PATH: SYSTEM_PATH, HOME: home, TMPDIR: tmp, LANG: 'C.UTF-8' },
    cwd: job.work,
  };
}
