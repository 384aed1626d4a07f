/**
 * The LibreOffice runner: `soffice --headless --convert-to` on one job's input, in the converters'
 * sandbox (sandbox.ts, ../sandbox/jail.ts), with the job's own user profile (so jobs run in
 * parallel instead of queueing on one profile's lock), a time limit, and its whole process tree
 * killed at the limit (soffice runs detached, in its own process group: the `soffice` script,
 * oosplash and soffice.bin all go with `kill(-pid)`). What it converts, and how the input is made
 * ready, is the converters' (converters/); it knows no format.
 */
import { spawn as nodeSpawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { access } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { findExecutable, jailCheck } from '../sandbox/jail.ts';
import { ConversionError } from './failures.ts';
import { sandboxedSoffice } from './sandbox.ts';

export type Spawner = (
  command: string,
  args: readonly string[],
  options: SpawnOptions,
) => ChildProcess;

export const DEFAULT_SOFFICE_MEMORY_MB = 2048;

export interface LibreOfficeOptions {
  /** `soffice` (looked up on PATH) or a path. */
  sofficePath: string;
  /** One job's limit, however many times LibreOffice runs in it. */
  timeoutMs: number;
  /** LibreOffice's address-space limit. Default {@link DEFAULT_SOFFICE_MEMORY_MB}. */
  sofficeMemoryMb?: number;
  /** Injectable so tests can count LibreOffice runs. */
  spawn?: Spawner;
}

/** One run of soffice: the job's folder, its input there, and where the output goes. */
export interface SofficeRun {
  /** The executable {@link LibreOffice.executable} found. */
  soffice: string;
  work: string;
  input: string;
  outDir: string;
  /** LibreOffice's `--infilter`, when the extension does not pick the import filter. */
  infilter?: string | undefined;
  /** What it converts to. Default: `pdf`. */
  to?: string;
}

export interface LibreOffice {
  /** The soffice to run; a `converter_not_installed` ConversionError when there is none. */
  executable: () => Promise<string>;
  /** The error every LibreOffice job would end with, when it is not installed. */
  missing: () => Promise<ConversionError | undefined>;
  /** The deadline of a job starting now: every run in it shares one time limit. */
  deadline: () => number;
  /**
   * Runs soffice until `deadline` and resolves with the file it wrote (`<input's name>.<to>` in
   * `outDir`); rejects with a ConversionError when it failed, was stopped or wrote nothing.
   */
  run: (job: SofficeRun, deadline: number) => Promise<string>;
  /** Kills every LibreOffice still running (a shutdown's cap is over). */
  killAll: () => void;
}

/**
 * The last lines of LibreOffice's output: why it failed, in its own words, without what tells
 * the server's layout (a crash's backtrace names every library's path and address).
 */
export function lastWords(text: string): string {
  return text
    .trim()
    .split('\n')
    .filter((line) => !/\+0x[0-9a-f]+|^\s*(#\d+|at )|\.so(\.\d+)*\b/i.test(line))
    .slice(-3)
    .join(' ')
    .replace(/(?:file:\/\/)?\/[^\s'"]*\/([^\s/'"]+)/g, '$1')
    .slice(-300);
}

/** The name LibreOffice gives what it makes of `file` (its extension replaced). */
function baseName(file: string): string {
  return path.basename(file, path.extname(file));
}

export function createLibreOffice(options: LibreOfficeOptions): LibreOffice {
  const { timeoutMs } = options;
  const spawn: Spawner = options.spawn ?? nodeSpawn;
  const children = new Set<ChildProcess>();

  function notInstalled(): ConversionError {
    return new ConversionError(
      'converter_not_installed',
      `LibreOffice (${options.sofficePath}) is not installed on the server: only PDF files and photos (PNG, JPEG, HEIC, AVIF, TIFF) can be previewed`,
      true,
    );
  }

  /** Resolves when soffice exits; rejects at the job's `deadline` or on failure. */
  async function spawnSoffice(job: SofficeRun, deadline: number): Promise<void> {
    const jail = jailCheck();
    if (!jail.ok) {
      // Never converted outside the sandbox (the server refuses to start without it too).
      throw new ConversionError(
        'converter_not_installed',
        `LibreOffice's sandbox cannot be made on the server: ${jail.why}`,
        true,
      );
    }
    const { command, args, env, cwd } = await sandboxedSoffice({
      ...job,
      memoryMb: options.sofficeMemoryMb ?? DEFAULT_SOFFICE_MEMORY_MB,
    });
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        detached: true,
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let output = '';
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4000);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      let timedOut = false;
      const timer = setTimeout(
        () => {
          timedOut = true;
          killTree(child);
        },
        Math.max(0, deadline - Date.now()),
      );
      child.once('error', (error) => {
        clearTimeout(timer);
        children.delete(child);
        reject(
          new ConversionError(
            'conversion_failed',
            `LibreOffice did not start: ${error.message}`,
            true,
          ),
        );
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        children.delete(child);
        if (timedOut) {
          reject(
            new ConversionError(
              'conversion_failed',
              `the conversion took longer than ${String(timeoutMs / 1000)} s and was stopped`,
            ),
          );
        } else if (code !== 0) {
          const killedBy = signal ?? signalOf(code);
          const how = killedBy ?? `code ${String(code)}`;
          // Killed by a signal (out of memory, an operator): the machine's fault, worth a retry.
          reject(
            new ConversionError(
              'conversion_failed',
              `LibreOffice exited with ${how}: ${lastWords(output)}`,
              killedBy !== undefined,
            ),
          );
        } else {
          resolve();
        }
      });
    });
  }

  /** `file`, once LibreOffice has written it; else the document was not one it could read. */
  async function written(file: string): Promise<string> {
    try {
      await access(file);
      return file;
    } catch {
      throw new ConversionError(
        'conversion_failed',
        'LibreOffice could not read the file (it wrote no PDF)',
      );
    }
  }

  return {
    async executable() {
      const soffice = await findExecutable(options.sofficePath);
      if (soffice === undefined) throw notInstalled();
      return soffice;
    },
    missing: async () =>
      (await findExecutable(options.sofficePath)) === undefined ? notInstalled() : undefined,
    deadline: () => Date.now() + timeoutMs,
    async run(job, deadline) {
      await spawnSoffice(job, deadline);
      return written(path.join(job.outDir, `${baseName(job.input)}.${job.to ?? 'pdf'}`));
    },
    killAll: () => {
      for (const child of children) killTree(child);
    },
  };
}

/**
 * The signal a program in the sandbox was killed by: bubblewrap exits with 128 + its number, as a
 * shell does (facility/sandbox/jail.ts).
 */
function signalOf(code: number | null): string | undefined {
  if (code === null || code <= 128) return undefined;
  return Object.entries(osConstants.signals).find(([, number]) => number === code - 128)?.[0];
}

/** Kills the process group the detached child leads: soffice's script, oosplash and soffice.bin. */
function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
