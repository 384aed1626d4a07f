/**
 * PdfFacts of a file, computed once per version of the file (path + mtime + size) and cached.
 *
 * pdf.js runs in a worker thread, one per computation, because:
 * - parsing a large document (text-1000.pdf: ~0.5 s) must not stall the dev server's other requests;
 * - a hostile file can only take its thread down (time and heap are capped), never the server;
 * - Jest cannot load pdf.js's ES modules, but a worker thread is plain Node, so the contract tests
 *   exercise the very code `npm start` runs.
 */
import type { Stats } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { UNREADABLE } from './pdf-facts-types.ts';
import type { PdfFacts } from './pdf-facts-types.ts';

const WORKER = new URL('./pdf-facts-worker.ts', import.meta.url);
const TIMEOUT_MS = 60_000;
const HEAP_MB = 512;
/** Enough for any dev DOCS_DIR; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 200;

const cache = new Map<string, Promise<PdfFacts>>();

function compute(file: string): Promise<PdfFacts> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      workerData: file,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    const finish = (facts: PdfFacts) => {
      clearTimeout(timer);
      resolve(facts);
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      finish({ ...UNREADABLE, error: `pdf.js took longer than ${TIMEOUT_MS} ms` });
    }, TIMEOUT_MS);
    timer.unref();
    // Neither a parse in progress nor its timer keeps a process (a test run, a closing server) alive.
    worker.unref();
    worker.once('message', (facts: PdfFacts) => {
      finish(facts);
    });
    worker.once('error', (error) => {
      finish({ ...UNREADABLE, error: `pdf.js worker failed: ${error.message}` });
    });
    worker.once('exit', (code) => {
      finish({ ...UNREADABLE, error: `pdf.js worker exited with code ${code}` });
    });
  });
}

/** The same promise for the same file version, so concurrent first requests share one parse. */
export function pdfFacts(file: string, stats: Stats): Promise<PdfFacts> {
  const key = `${file}\0${stats.mtimeMs}\0${stats.size}`;
  let facts = cache.get(key);
  if (!facts) {
    facts = compute(file);
    cache.set(key, facts);
    if (cache.size > MAX_ENTRIES) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
  }
  return facts;
}
