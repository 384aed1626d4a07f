/**
 * A real `npm run serve` process for the hostile-input benches (bench/archives.ts,
 * bench/sheet-hostile.ts): loopback, a fake dist/, auth off, its own CACHE_DIR; its resident
 * memory read from /proc, and a request measured with health asked every 50 ms meanwhile.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeDist } from '../server/__tests__/_serve.ts';
import { settingsScript } from '../server/settings-block.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));

export interface Measured {
  status: number;
  /** The answer as JSON, or its text when it is not JSON. */
  body: unknown;
  ms: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** The slowest health answer while the request ran. */
  healthMaxMs: number;
  healthFailures: number;
}

export interface ServedProcess {
  api: string;
  /** `path` under api/ (encoded by the caller), with health and memory watched meanwhile. */
  measured: (path: string) => Promise<Measured>;
  alive: () => boolean;
  stop: () => void;
}

/** Serves `docs` from `root` (its dist/ and cache/ go there) with `env` added. */
export async function servedProcess(
  root: string,
  docs: string,
  env: Record<string, string> = {},
): Promise<ServedProcess> {
  const [dist = ''] = await fakeDist(root, settingsScript({ routerBase: '/' }));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH: 'off',
      DOCS_DIR: docs,
      DIST_DIR: dist,
      CACHE_DIR: path.join(root, 'cache'),
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let api = '';
  for (const deadline = Date.now() + 30_000; api === '';) {
    const url = /Folio serve on (http\S+)/.exec(output)?.[1];
    if (url !== undefined) api = `${url.replace('localhost', '127.0.0.1')}api/`;
    else if (child.exitCode !== null || Date.now() > deadline) throw new Error(output);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const rssMb = (): number => {
    try {
      const status = readFileSync(`/proc/${String(child.pid)}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      return 0; // the process has ended
    }
  };

  const measured = async (at: string): Promise<Measured> => {
    let peak = rssMb();
    let healthMaxMs = 0;
    let healthFailures = 0;
    const state = { running: true };
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const poller = (async () => {
      while (state.running) {
        const started = performance.now();
        const ok = await fetch(`${api}health`).then(
          (res) => res.status === 200,
          () => false,
        );
        healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
        if (!ok) healthFailures += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const rssBeforeMb = rssMb();
    const started = performance.now();
    const res = await fetch(`${api}${at}`);
    const text = await res.text();
    const ms = Math.round(performance.now() - started);
    state.running = false;
    await poller;
    clearInterval(sampler);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return {
      status: res.status,
      body,
      ms,
      rssBeforeMb,
      peakRssMb: Math.max(peak, rssMb()),
      healthMaxMs: Math.round(healthMaxMs),
      healthFailures,
    };
  };

  return {
    api,
    measured,
    alive: () => child.exitCode === null,
    stop: () => child.kill(),
  };
}
