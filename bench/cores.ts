// `--split-cores` (bench/README.md): the servers (this process, its worker pool and the converters
// it starts) on one core and Chromium alone on another, so that what the bench times in the
// browser is not the server's work competing for the same core. Linux only: `taskset`
// (util-linux) sets the CPU affinity, which threads and child processes inherit.
import { chmodSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../browser-tests/support/chromium.ts';

/** The core the servers run on and the one Chromium runs on. */
export const SERVER_CPU = 0;
export const BROWSER_CPU = 1;

/** Pins this process and every thread it has (and so everything it starts later) to `cpu`. */
export function pinSelf(cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(process.pid)], {
    stdio: 'ignore',
  });
}

/**
 * An executable that runs Debian's Chromium on `cpu` alone, for playwright's `executablePath`:
 * Chromium's every process (browser, renderer, GPU, network) inherits the affinity.
 */
export function chromiumOnCpu(cpu: number, dir: string): string {
  const wrapper = path.join(dir, `chromium-cpu${String(cpu)}.sh`);
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec taskset -c ${String(cpu)} ${JSON.stringify(CHROMIUM)} "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  return wrapper;
}

/** Split cores need two of them and taskset. */
export function canSplitCores(): string | undefined {
  if (os.cpus().length < 2) return 'the machine has one core';
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return 'taskset (util-linux) is not installed';
  }
  return undefined;
}
