/** A real `npm run serve` app (server/app.ts) on a free port over a temporary DOCS_DIR and dist/. */
import { spawn } from 'node:child_process';
import type { SpawnOptions } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { settingsScript } from '../settings-block.ts';
import { buildServer } from '../app.ts';
import type { ServerOptions } from '../app.ts';
import { guardFromHereMb } from '../../facility/pool/__tests__/_memory-guard.ts';

// Not __dirname: bench/server-queue.ts runs this as an ES module.
export const FIXTURES = fileURLToPath(new URL('fixtures', import.meta.url));
export const BASE = '/viewer/';

export interface Served {
  app: FastifyInstance;
  origin: string;
  api: string;
  docsDir: string;
  cacheDir: string;
  workDir: string;
  /** LibreOffice runs so far. */
  spawns: () => number;
  close: () => Promise<void>;
}

export interface ServeSetup {
  /** Fixture file names to copy into DOCS_DIR. */
  fixtures?: string[];
  files?: Record<string, Uint8Array | string>;
  links?: Record<string, string>;
  /** The settings block's script, as a deployer wrote it (default: the router base only). */
  settingsScript?: string;
  /** Reuse a cache (to see a conversion served from disk by another server). */
  cacheDir?: string;
  options?: Partial<ServerOptions>;
}

/** A minimal built app: the settings block, one hashed asset, and an old build's chunk. */
export async function fakeDist(root: string, settings: string): Promise<string[]> {
  const current = path.join(root, 'dist');
  const previous = path.join(root, 'dist-previous');
  await mkdir(current);
  await mkdir(previous);
  await writeFile(
    path.join(current, 'index.html'),
    `<!doctype html><html><head><script id="folio-settings">${settings}</script>` +
      `<script defer src="main.0123abcd.js"></script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(current, 'main.0123abcd.js'), 'console.log("new")');
  await writeFile(path.join(previous, 'viewer.89abcdef.js'), 'console.log("old chunk")');
  return [current, previous];
}

export async function startServe(setup: ServeSetup = {}): Promise<Served> {
  const root = await mkdtemp(path.join(tmpdir(), 'folio-serve-'));
  // LibreOffice runs as nobody when the tests run as root (facility/conversion/sandbox.ts): let it
  // through.
  await chmod(root, 0o711);
  const docsDir = path.join(root, 'docs');
  const workDir = path.join(root, 'work');
  const cacheDir = setup.cacheDir ?? path.join(root, 'cache');
  await mkdir(docsDir);
  await mkdir(workDir);
  for (const name of setup.fixtures ?? []) {
    await copyFile(path.join(FIXTURES, name), path.join(docsDir, name));
  }
  for (const [name, bytes] of Object.entries(setup.files ?? {})) {
    // A name may be a nested id (`contracts/2026/a.pdf`): its folders are made first.
    await mkdir(path.dirname(path.join(docsDir, name)), { recursive: true });
    await writeFile(path.join(docsDir, name), bytes);
  }
  for (const [name, target] of Object.entries(setup.links ?? {})) {
    await symlink(target, path.join(docsDir, name));
  }
  let spawned = 0;
  const countingSpawn = (command: string, args: readonly string[], options: SpawnOptions) => {
    spawned += 1;
    return spawn(command, args, options);
  };
  const app = await buildServer({
    basePath: BASE,
    docsDir,
    cacheDir,
    workDir,
    distDirs: await fakeDist(root, setup.settingsScript ?? settingsScript({ routerBase: '/' })),
    concurrency: 2,
    spawn: countingSpawn,
    pool: { maxRssMb: guardFromHereMb() },
    ...setup.options,
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    origin,
    api: `${origin}${BASE}api/`,
    docsDir,
    cacheDir,
    workDir,
    spawns: () => spawned,
    close: async () => {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export interface Meta {
  status: number;
  body: Record<string, unknown>;
}

/** A server's api/ URL: a {@link Served}, or a `npm run serve` process. */
export type Api = Pick<Served, 'api'>;

/** `headers`: a signed link's `Authorization`, when the server checks tokens. */
export async function getMeta(
  served: Api,
  id: string,
  headers?: Record<string, string>,
): Promise<Meta> {
  const res = await fetch(`${served.api}documents/${encodeURIComponent(id)}`, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Polls the metadata as the viewer does until the conversion is over (complete or failed),
 * returning every answer seen.
 */
export async function pollUntilSettled(
  served: Api,
  id: string,
  timeoutMs = 60_000,
  headers?: Record<string, string>,
) {
  const seen: Meta[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const meta = await getMeta(served, id, headers);
    seen.push(meta);
    const { loadedCount, pageCount } = meta.body;
    const converting = meta.status === 200 && Number(loadedCount) < Number(pageCount);
    if (!converting) return seen;
    if (Date.now() > deadline)
      throw new Error(`${id} still converting after ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
