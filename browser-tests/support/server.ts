import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free loopback port, asked of the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Polls `url` until it answers 200, for at most `attempts` × `intervalMs`. */
export async function waitForHttp(url: string, attempts = 600, intervalMs = 500): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer within ${(attempts * intervalMs) / 1000} s`);
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /** What it wrote to stdout and stderr, when started with `capture`. */
  output(): string;
}

/** Runs an npm script as a server in its own process group, so stopping it stops its children. */
export async function startNpmServer(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  { capture = false } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn('npm', ['run', '--silent', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.pid === undefined) {
        resolve();
        return;
      }
      child.once('exit', () => {
        resolve();
      });
      process.kill(-child.pid, 'SIGTERM');
    });
  try {
    await waitForHttp(`${url}${readyPath}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, output: () => output };
}
