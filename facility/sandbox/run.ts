/**
 * One program run in the converters' sandbox (jail.ts) for a job: its time and address space
 * limited, its stdout counted against a cap, its last words kept without the job's paths — what
 * ffprobe, ffmpeg (facility/media/), the camera raw decoder (converters/raw-image.ts) and the DWG
 * reader (converters/dwg.ts) run by.
 */
import { spawn } from 'node:child_process';
import { jailed } from './jail.ts';
import type { JailJob } from './jail.ts';

export interface RunLimits {
  timeoutMs: number;
  memoryMb: number;
  /** Stdout past this stops the program. */
  maxStdoutBytes: number;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  /** The last lines of stderr (the program's reason), without the job's paths. */
  stderr: string;
  timedOut: boolean;
}

/** Runs `program` with `args` in the job's sandbox; never rejects but for a failed start. */
export function runJailed(
  job: Pick<JailJob, 'work' | 'programs'>,
  program: string,
  args: readonly string[],
  limits: RunLimits,
): Promise<RunResult> {
  const {
    command,
    args: wrapped,
    env,
  } = jailed(
    { work: job.work, memoryMb: limits.memoryMb, ...(job.programs && { programs: job.programs }) },
    program,
    args,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(command, wrapped, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > limits.maxStdoutBytes) kill();
      else stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const reason = stderr
        .trim()
        .split('\n')
        .slice(-2)
        .join(' ')
        // Neither the job's paths nor the decoders' addresses (`[rawvideo @ 0x55…]`).
        .replaceAll(job.work, '')
        .replace(/\/job\//g, '')
        .replace(/\[[^\]]* @ 0x[0-9a-f]+\]\s*/g, '')
        .slice(-300);
      resolve({ code, stdout, stderr: reason, timedOut });
    });
  });
}
