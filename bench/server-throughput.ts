/**
 * The single-machine figures of docs/server.md's "Scaling out": `npx node bench/server-throughput.ts` (after
 * `npm run build`). Serves the test fixtures with server/app.ts on loopback and prints, as
 * Markdown, each office file's conversion time cold (first request until the metadata says
 * complete, polled every 50 ms) and cached (one metadata answer, median of 21), then
 * `GET documents/{id}` requests per second with autocannon (10 connections, 10 s).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildServer } from '../server/app.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const fixtures = path.join(repo, 'server', '__tests__', 'fixtures');
const OFFICE = ['three-pages.docx', 'table.xlsx', 'two-slides.pptx'];
const PDF = 'tracemonkey.pdf';

interface AutocannonResult {
  requests: { average: number };
  latency: { average: number; p99: number };
  non2xx: number;
  errors: number;
}

const root = mkdtempSync(path.join(tmpdir(), 'folio-measure-'));
const docsDir = path.join(root, 'docs');
mkdirSync(docsDir);
for (const name of OFFICE) copyFileSync(path.join(fixtures, name), path.join(docsDir, name));
copyFileSync(path.join(repo, 'mock', 'documents', PDF), path.join(docsDir, PDF));

const app = await buildServer({
  docsDir,
  cacheDir: path.join(root, 'cache'),
  distDirs: [path.join(repo, 'dist')],
  concurrency: availableParallelism(),
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const meta = (id: string) => `${origin}/api/documents/${encodeURIComponent(id)}`;

async function complete(id: string): Promise<boolean> {
  const body = (await (await fetch(meta(id))).json()) as { loadedCount: number; pageCount: number };
  return body.loadedCount >= body.pageCount;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

try {
  console.log(`${cpus()[0]?.model ?? 'unknown CPU'}, ${String(availableParallelism())} cores`);
  console.log(
    '\n| file | cold: until converted | cached: one metadata answer |\n| --- | --- | --- |',
  );
  for (const id of OFFICE) {
    const start = performance.now();
    while (!(await complete(id))) await new Promise((resolve) => setTimeout(resolve, 50));
    const cold = performance.now() - start;
    const cached: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const t = performance.now();
      await complete(id);
      cached.push(performance.now() - t);
    }
    console.log(`| ${id} | ${(cold / 1000).toFixed(2)} s | ${median(cached).toFixed(1)} ms |`);
  }
  console.log(
    '\n| GET documents/{id} | requests/s | mean latency | p99 |\n| --- | --- | --- | --- |',
  );
  for (const id of [PDF, 'three-pages.docx']) {
    await complete(id); // pdf.js reads the PDF once; what is measured is the steady state
    // Asynchronously: the server under test runs in this very process.
    const { stdout } = await promisify(execFile)(
      path.join(repo, 'node_modules', '.bin', 'autocannon'),
      ['-c', '10', '-d', '10', '-j', meta(id)],
      { encoding: 'utf8' },
    );
    const result = JSON.parse(stdout) as AutocannonResult;
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${id}: ${String(result.non2xx)} non-2xx, ${String(result.errors)} errors`);
    }
    const { requests, latency } = result;
    console.log(
      `| ${id} | ${requests.average.toFixed(0)} | ${latency.average.toFixed(2)} ms | ${String(latency.p99)} ms |`,
    );
  }
} finally {
  await app.close();
  rmSync(root, { recursive: true, force: true });
}
