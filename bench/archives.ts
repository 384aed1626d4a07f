/**
 * `node bench/archives.ts`: archives against a real `npm run serve` process (loopback, a fake
 * dist/, auth off): the listing of a zip of 10 000 entries cold and again, the metadata of a PDF
 * inside a 200 MB zip against the same PDF alone (each cold, distinct bytes so no facts are
 * shared), and each hostile archive of server/__tests__/archives.test.ts — its answer, the
 * server's peak RSS and health's worst latency meanwhile (health every 50 ms). Prints one JSON
 * report (docs/decisions/2026-12-06-archives-and-mail.md).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { buildZip } from '../facility/archives/__tests__/_zip.ts';
import { servedProcess } from './served-process.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const root = await mkdtemp(path.join(tmpdir(), 'folio-bench-archives-'));
const docs = path.join(root, 'docs');

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

const served = await servedProcess(root, docs, { MAX_FILE_MB: '300' });

/** `id`'s metadata, with health every 50 ms and the server's RSS sampled meanwhile. */
async function measured(id: string) {
  const { body, ...figures } = await served.measured(`documents/${encodeURIComponent(id)}`);
  const answer = body as { error?: string; listing?: { entries: unknown[] } };
  return {
    id,
    ...figures,
    ...(answer.error !== undefined && { error: answer.error }),
    ...(answer.listing && { entries: answer.listing.entries.length }),
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
        alive: served.alive(),
      },
      null,
      2,
    ),
  );
} finally {
  served.stop();
  await rm(root, { recursive: true, force: true });
}
