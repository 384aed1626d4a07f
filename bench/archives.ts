/**
 * `node bench/archives.ts`: archives against a real `npm run serve` process (loopback, a fake
 * dist/, auth off): the listing of a zip of 10 000 entries cold and again, the metadata of a PDF
 * inside a 200 MB zip against the same PDF alone (each cold, distinct bytes so no facts are
 * shared), and each hostile archive of server/__tests__/archives.test.ts — its answer, the
 * server's peak RSS and health's worst latency meanwhile (health every 50 ms). Prints one JSON
 * report (docs/decisions/2026-12-06-archives-and-mail.md).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { buildZip } from '../facility/archives/__tests__/_zip.ts';
import { fakeDist } from '../server/__tests__/_serve.ts';
import { settingsScript } from '../server/settings-block.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const root = await mkdtemp(path.join(tmpdir(), 'folio-bench-archives-'));
const docs = path.join(root, 'docs');
const [dist = ''] = await fakeDist(root, settingsScript({ routerBase: '/' }));

const paper = readFileSync(path.join(REPO, 'mock/documents/tracemonkey.pdf'));
const warm = await PDFDocument.create();
warm.addPage([595, 842]);
const zeros = Buffer.alloc(64 * 1024 * 1024);
let deep: Uint8Array = buildZip([{ name: 'bottom.pdf', data: await warm.save() }]);
for (let level = 0; level < 10; level += 1) {
  deep = buildZip([{ name: `level-${String(level)}.zip`, data: deep, method: 0 }]);
}
const files: Record<string, Uint8Array> = {
  'warm.pdf': await warm.save(),
  'alone.pdf': paper,
  'big.zip': buildZip([
    { name: 'filler.bin', data: randomBytes(200 * 1024 * 1024), method: 0 },
    { name: 'paper.pdf', data: Buffer.concat([paper, Buffer.from('\n')]), method: 0 },
  ]),
  'ten-thousand.zip': buildZip(
    Array.from({ length: 10_000 }, (_, at) => ({
      name: `folder-${String(at % 50)}/file-${String(at)}.txt`,
      data: Buffer.from(`entry ${String(at)}`),
    })),
  ),
  'bomb.zip': buildZip(
    Array.from({ length: 40 }, (_, at) => ({ name: `z${String(at)}`, data: zeros })),
  ),
  'overlap.zip': buildZip([
    { name: 'a.txt', data: Buffer.alloc(1000, 'a') },
    ...Array.from({ length: 50 }, (_, at) => ({ name: `c${String(at)}`, sharesDataOf: 0 })),
  ]),
  'many.zip': buildZip(
    Array.from({ length: 100_000 }, (_, at) => ({ name: `e${String(at)}`, method: 0 as const })),
  ),
  'deep.zip': deep,
};
await import('node:fs/promises').then(({ mkdir }) => mkdir(docs));
for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(docs, name), bytes);

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
    MAX_FILE_MB: '300',
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

function rssMb(): number {
  const status = readFileSync(`/proc/${String(child.pid)}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** `id`'s metadata, with health every 50 ms and the server's RSS sampled meanwhile. */
async function measured(id: string) {
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
  const res = await fetch(`${api}documents/${encodeURIComponent(id)}`);
  const body = (await res.json()) as { error?: string; listing?: { entries: unknown[] } };
  const ms = Math.round(performance.now() - started);
  state.running = false;
  await poller;
  clearInterval(sampler);
  return {
    id,
    status: res.status,
    ...(body.error !== undefined && { error: body.error }),
    ...(body.listing && { entries: body.listing.entries.length }),
    ms,
    rssBeforeMb,
    peakRssMb: Math.max(peak, rssMb()),
    healthMaxMs: Math.round(healthMaxMs),
    healthFailures,
  };
}

try {
  const rows = [];
  for (const id of [
    'warm.pdf',
    'ten-thousand.zip',
    'ten-thousand.zip',
    'alone.pdf',
    'big.zip!2',
    'bomb.zip',
    'overlap.zip',
    'many.zip',
    `deep.zip${'!1'.repeat(10)}`,
    `deep.zip${'!1'.repeat(5)}`,
  ]) {
    rows.push(await measured(id));
  }
  const alone = rows.find((row) => row.id === 'alone.pdf')?.ms ?? NaN;
  const inZip = rows.find((row) => row.id === 'big.zip!2')?.ms ?? NaN;
  console.log(
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadavg: loadavg().map((n) => n.toFixed(2)),
        pdfInZipOverAlone: Number((inZip / alone).toFixed(2)),
        rows,
        alive: child.exitCode === null,
      },
      null,
      2,
    ),
  );
} finally {
  child.kill();
  await rm(root, { recursive: true, force: true });
}
