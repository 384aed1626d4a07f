/**
 * How LibreOffice is started on an untrusted document (docs/server.md, "Converters' sandbox";
 * decisions 2026-11-26-hostile-input-limits and 2026-12-06-converters-see-only-their-input):
 *
 * - in the converters' sandbox (facility/sandbox/jail.ts): it sees the programs, the fonts and the
 *   job's own folder, nothing else, with no network, as `nobody`, under a memory limit; a file the
 *   document names (`file:///…` of another document, of CACHE_DIR, /etc/passwd) is not there;
 * - a minimal environment: nothing of the server's (REDIS_URL's password, any secret) reaches it;
 * - a fresh profile per job whose registrymodifications.xcu blocks linked content
 *   (`BlockUntrustedRefererLinks`: linked images are not fetched) and link and field updates on
 *   load, and disables macros.
 */
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertJail, findExecutable, inJail, jailed, prepareJailFolder } from '../sandbox/jail.ts';

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

/**
 * What of LibreOffice the sandbox must show besides /usr: an installation elsewhere
 * (`/opt/libreoffice/program/soffice`) is its folder's parent, read-only.
 */
async function installation(soffice: string): Promise<string[]> {
  const real = await realpath(soffice);
  return real.startsWith('/usr/') ? [] : [path.dirname(path.dirname(real))];
}

/** The command line and environment that convert `input` (to PDF) in `outDir`, sandboxed. */
export async function sandboxedSoffice(job: SofficeJob): Promise<{
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The job's folder: the launcher goes back to its working directory. */
  cwd: string;
}> {
  const profile = path.join(job.work, 'profile');
  await mkdir(path.join(profile, 'user'), { recursive: true });
  await mkdir(path.join(job.work, 'home'), { recursive: true });
  await mkdir(path.join(job.work, 'tmp'), { recursive: true });
  await mkdir(job.outDir, { recursive: true });
  await writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), profileSettings());
  await prepareJailFolder(job.work);
  const { command, args, env } = jailed(
    { ...job, programs: await installation(job.soffice) },
    job.soffice,
    [
      `-env:UserInstallation=file://${inJail(job, profile)}`,
      '--headless',
      '--norestore',
      '--nolockcheck',
      ...(job.infilter === undefined ? [] : [`--infilter=${job.infilter}`]),
      '--convert-to',
      job.to ?? 'pdf',
      '--outdir',
      inJail(job, job.outDir),
      inJail(job, job.input),
    ],
  );
  return { command, args, env, cwd: job.work };
}

/**
 * Fails closed at start (server/main.ts, server/worker.ts): with LibreOffice installed, a server
 * that cannot sandbox it does not start. Without it nothing is converted and nothing is needed.
 */
export async function assertSofficeSandboxed(sofficePath = 'soffice'): Promise<void> {
  if ((await findExecutable(sofficePath)) !== undefined) assertJail();
}
