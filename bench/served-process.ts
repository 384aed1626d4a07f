/**
 * A real `npm run serve` process for the hostile-input benches (bench/hostile.ts,
 * bench/archives.ts, bench/sheet-hostile.ts): loopback, auth off; its resident memory read from
 * /proc, and health asked for meanwhile while some work runs.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeDist } from '../server/__tests__/_serve.ts';
import { settingsScript } from '../server/settings-block.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));

export interface Served {
  child: ChildProcess;
  url: string;
  api: string;
  output: () => string;
}

/** `npm run serve` with `env` added, once it says where it listens. */
export async function serve(env: Record<string, string>): Promise<Served> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: REPO,
    // Open (AUTH=off): the inputs are what a reader holding a valid link could send.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', AUTH: 'off', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = /Folio serve on (http\S+)/.exec(output)?.[1];
    if (url !== undefined) {
      const base = url.replace('localhost', '127.0.0.1');
      return { child, url: base, api: `${base}api/`, output: () => output };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`serve did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process has ended
  }
}

export interface Watch {
  rssBeforeMb: number;
  peakRssMb: number;
  healthMaxMs: number;
  healthPolls: number;
  healthFailures: number;
  alive: boolean;
}

/** How often health is asked for and the RSS read (ms) while the work runs. */
export interface WatchEvery {
  healthMs: number;
  rssMs: number;
}

/** Health every `every.healthMs` and the server's RSS every `every.rssMs` while `work` runs. */
export async function watched<T>(
  served: Served,
  work: () => Promise<T>,
  every: WatchEvery = { healthMs: 100, rssMs: 100 },
): Promise<[T, Watch]> {
  const pid = served.child.pid ?? 0;
  const before = rssMb(pid);
  const watch: Watch = {
    rssBeforeMb: Math.round(before),
    peakRssMb: before,
    healthMaxMs: 0,
    healthPolls: 0,
    healthFailures: 0,
    alive: true,
  };
  const state = { running: true };
  const sampler = setInterval(() => {
    watch.peakRssMb = Math.max(watch.peakRssMb, rssMb(pid));
  }, every.rssMs);
  const poller = (async () => {
    while (state.running) {
      const started = performance.now();
      const ok = await fetch(`${served.api}health`, { signal: AbortSignal.timeout(5000) }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status === 200;
        },
        () => false,
      );
      watch.healthMaxMs = Math.max(watch.healthMaxMs, performance.now() - started);
      watch.healthPolls += 1;
      if (!ok) watch.healthFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, every.healthMs));
    }
  })();
  try {
    const result = await work();
    return [result, watch];
  } finally {
    state.running = false;
    await poller;
    clearInterval(sampler);
    watch.peakRssMb = Math.round(Math.max(watch.peakRssMb, rssMb(pid)));
    watch.healthMaxMs = Math.round(watch.healthMaxMs);
    watch.alive = served.child.exitCode === null;
  }
}

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
  /** `path` under api/ (encoded by the caller), with health every 50 ms and RSS every 20 ms. */
  measured: (path: string) => Promise<Measured>;
  alive: () => boolean;
  stop: () => void;
}

/** Serves `docs` from `root` (a fake dist/ and cache/ go there) with `env` added. */
export async function servedProcess(
  root: string,
  docs: string,
  env: Record<string, string> = {},
): Promise<ServedProcess> {
  const [dist = ''] = await fakeDist(root, settingsScript({ routerBase: '/' }));
  const served = await serve({
    DOCS_DIR: docs,
    DIST_DIR: dist,
    CACHE_DIR: path.join(root, 'cache'),
    ...env,
  });
  const measured = async (at: string): Promise<Measured> => {
    const [{ status, text, ms }, watch] = await watched(
      served,
      async () => {
        const started = performance.now();
        const res = await fetch(`${served.api}${at}`);
        const answer = await res.text();
        return { status: res.status, text: answer, ms: Math.round(performance.now() - started) };
      },
      { healthMs: 50, rssMs: 20 },
    );
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const { rssBeforeMb, peakRssMb, healthMaxMs, healthFailures } = watch;
    return { status, body, ms, rssBeforeMb, peakRssMb, healthMaxMs, healthFailures };
  };
  return {
    api: served.api,
    measured,
    alive: () => served.child.exitCode === null,
    stop: () => served.child.kill(),
  };
}
