/**
 * Real processes for the queue (queue.test.ts, bench/server-queue.ts): a redis-server on
 * loopback without persistence, `npm run serve` with REDIS_URL, `npm run worker`, over shared
 * DOCS_DIR and CACHE_DIR.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../browser-tests/support/server.ts';
import { BASE } from './_serve.ts';
import type { Api } from './_serve.ts';

export { freePort };

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** Node 22 from node_modules: it runs the servers' TypeScript as it is. */
const NODE = path.join(REPO, 'node_modules', 'node', 'bin', 'node');

export async function until(what: string, check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${String(ms)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Proc {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

export function run(command: string, args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(command, args, { cwd: REPO, env: { ...process.env, ...env } });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  return { child, output: () => output, exited };
}

export async function stop(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  return proc.exited;
}

/** The JSON log lines of `proc` that name `event` (`converted`, `worker_ready`…). */
export function logged(proc: Proc, event: string): Record<string, unknown>[] {
  return proc
    .output()
    .split('\n')
    .filter((line) => line.includes(`"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Every process {@link run} started that is still running (a failed test's). */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

export async function startRedis(port: number): Promise<Proc> {
  const redis = run('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await until('redis-server ready', () => redis.output().includes('Ready to accept connections'));
  return redis;
}

export interface Shared {
  /** Unset: `npm run serve` converts in-process. */
  redisUrl?: string;
  docsDir: string;
  cacheDir: string;
}

/** `npm run worker`, once it has reached Redis. */
export async function startWorker(shared: Shared, env: Record<string, string>): Promise<Proc> {
  const worker = run(NODE, ['server/worker.ts'], {
    REDIS_URL: shared.redisUrl ?? '',
    DOCS_DIR: shared.docsDir,
    CACHE_DIR: shared.cacheDir,
    ...env,
  });
  await until('worker ready', () => worker.output().includes('"worker_ready"'));
  return worker;
}

/** `npm run serve` on a free port under {@link BASE}, once it answers. */
export async function startServeProcess(
  shared: Shared,
  distDir: string,
  env: Record<string, string> = {},
): Promise<Api & Proc> {
  const port = await freePort();
  const server = run(NODE, ['server/main.ts'], {
    REDIS_URL: shared.redisUrl ?? '',
    DOCS_DIR: shared.docsDir,
    CACHE_DIR: shared.cacheDir,
    DIST_DIR: distDir,
    BASE_PATH: BASE,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Conversions on the queue, not signed links (server/__tests__/auth-command.test.ts).
    AUTH: 'off',
    ...env,
  });
  const api = `http://127.0.0.1:${String(port)}${BASE}api/`;
  await until('server listening', async () => {
    try {
      return (await fetch(`${api}health`)).ok;
    } catch {
      return false;
    }
  });
  return { ...server, api };
}

/** Small office files LibreOffice converts in about a second, .txt and .rtf in turn. */
export async function officeFiles(docsDir: string, prefix: string, count: number) {
  const names = Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? `${prefix}-${String(i)}.txt` : `${prefix}-${String(i)}.rtf`,
  );
  for (const name of names) {
    const text = `Folio ${name}`;
    await writeFile(
      path.join(docsDir, name),
      name.endsWith('.rtf') ? `{\\rtf1\\ansi ${text}\\par}` : `${text}\n`,
    );
  }
  return names;
}
