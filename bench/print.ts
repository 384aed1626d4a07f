// `npm run bench -- --print`: the print figure (behaviour.md, "The facility's policy"), "time and peak memory to print 200 scanned-like
// pages". Folio's production build opens image-200.pdf (200 pages, each one full-page 150 dpi
// JPEG scan; bench/docs.ts finds or generates it) with a watermark, and prints all pages with
// window.print stubbed (it records the moment it is called, then sends afterprint as a browser does
// once its dialog closes). Measured per run:
//
// - time from the dialog's Print click to window.print() (every page drawn by pdf.js at 150 dpi,
//   watermarked, JPEG-encoded) and to the end of the job (images loaded, cleanup done);
// - peak JS heap of the page (CDP Performance.getMetrics JSHeapUsedSize, sampled every 100 ms);
// - peak resident memory of the whole Chromium process tree (ps, every 100 ms): blobs, canvases
//   and decoded images live outside the JS heap;
// - the bytes of the page images the job holds (the blobs handed to object URLs for printing).
//
//   npm run bench -- --print [--runs N] [--no-build]
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { waitForPainted } from '../browser-tests/support/pixels.ts';
import { folioDist } from './build.ts';
import { DOCS_DIR, OUT, ROOT, prepareDocs, selectDocs } from './docs.ts';
import { waitForQuiet } from './quiet.ts';

const DOC = 'print-200.pdf';
const WATERMARK = {
  text: 'alice@example.com · 2026-11-22',
  fontSize: 16,
  color: 'rgba(0, 0, 0, 0.15)',
  rotate: -22,
  gap: [100, 100],
};
const JOB_TIMEOUT_MS = 10 * 60_000;

export interface PrintRun {
  /** Click → window.print(): all pages drawn and encoded. */
  renderMs: number;
  /** Click → container removed after afterprint. */
  totalMs: number;
  pages: number;
  peakHeapMB: number;
  peakRssMB: number;
  /** Peak RSS while pages were being drawn (before window.print). */
  peakRssDrawingMB: number;
  /** RSS (MB) of the Chromium tree every ~5 s from the click: a plateau or a climb. */
  rssSeries: number[];
  /** RSS of the Chromium tree just before the click, for the peak's baseline. */
  baseRssMB: number;
  blobMB: number;
  busyBefore: number;
}

/** Sums the resident memory (MB) of every process under `pid` (not `pid` itself). */
function treeRssMB(pid: number): number {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const inTree = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, parent] of rows) {
      if (!inTree.has(p) && inTree.has(parent)) {
        inTree.add(p);
        grew = true;
      }
    }
  }
  inTree.delete(pid);
  const kb = rows.filter(([p]) => inTree.has(p)).reduce((sum, [, , rss]) => sum + rss, 0);
  return kb / 1024;
}

/** Before the app loads: window.print records when it is called; object URLs count blob bytes. */
function instrument(): void {
  const state = { calls: 0, printedAt: 0, blobBytes: 0, counting: false };
  Object.assign(window, { __bench: state });
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource) => {
    if (state.counting && object instanceof Blob) state.blobBytes += object.size;
    return createObjectURL(object);
  };
  window.print = () => {
    state.calls += 1;
    state.printedAt = performance.now();
    setTimeout(() => {
      window.dispatchEvent(new Event('afterprint'));
    }, 0);
  };
}

interface BenchState {
  calls: number;
  printedAt: number;
  blobBytes: number;
  counting: boolean;
}

async function runOnce(browser: Browser, url: string, pid: number): Promise<PrintRun> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  await page.goto(url);
  await waitForPainted(page, 1, 60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Print' });
  await dialog.getByRole('radio', { name: /^All pages/ }).check();
  const busyBefore = await waitForQuiet(5_000);
  await page.evaluate(() => {
    (window as unknown as { __bench: BenchState }).__bench.counting = true;
  });

  let peakHeap = 0;
  let peakRss = 0;
  let peakRssDrawing = 0;
  const rssSeries: number[] = [];
  let lastSample = 0;
  const baseRss = treeRssMB(pid);
  const sampling = { on: true, drawing: true };
  const sampler = (async () => {
    while (sampling.on) {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
      peakHeap = Math.max(peakHeap, heap);
      const rss = treeRssMB(pid);
      peakRss = Math.max(peakRss, rss);
      if (sampling.drawing) peakRssDrawing = Math.max(peakRssDrawing, rss);
      if (Date.now() - lastSample >= 5_000) {
        lastSample = Date.now();
        rssSeries.push(Math.round(rss));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  const clicked = Date.now();
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await page.waitForFunction(
    () => (window as unknown as { __bench: BenchState }).__bench.calls > 0,
    undefined,
    { timeout: JOB_TIMEOUT_MS, polling: 50 },
  );
  const printed = Date.now();
  sampling.drawing = false;
  await page.waitForFunction(() => document.querySelector('.folio-print-container') === null, {
    timeout: 60_000,
  });
  const done = Date.now();
  sampling.on = false;
  await sampler;
  const state = await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench);
  await context.close();
  if (state.calls !== 1) throw new Error(`window.print called ${String(state.calls)} times`);
  return {
    renderMs: printed - clicked,
    totalMs: done - clicked,
    pages: 200,
    peakHeapMB: Math.round((peakHeap / 2 ** 20) * 10) / 10,
    peakRssMB: Math.round(peakRss),
    peakRssDrawingMB: Math.round(peakRssDrawing),
    rssSeries,
    baseRssMB: Math.round(baseRss),
    blobMB: Math.round((state.blobBytes / 2 ** 20) * 10) / 10,
    busyBefore,
  };
}

export async function printBench({ runs, build }: { runs: number; build: boolean }) {
  const log = (line: string) => {
    console.log(`[bench --print] ${line}`);
  };
  const [doc] = await prepareDocs(selectDocs('image-200'));
  log(`${doc.id}: ${doc.source}`);
  // A copy under its own id with a watermark sidecar (the main bench's image-200 has none).
  copyFileSync(path.join(DOCS_DIR, doc.id), path.join(DOCS_DIR, DOC));
  writeFileSync(path.join(DOCS_DIR, `${DOC}.json`), JSON.stringify({ watermarkInfo: WATERMARK }));

  const dist = path.join(ROOT, 'dist');
  await folioDist(dist, build, log);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    basePath: '/',
    docsDir: DOCS_DIR,
    distDirs: [dist],
    simulate: true,
  });
  const base = server.url.replace('//localhost:', '//127.0.0.1:');
  const browser = await launchChromium();
  // Chromium is this process's child: its whole tree is what the reader's machine would carry.
  const pid = process.pid;
  const chromium = browser.version();
  const results: PrintRun[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      const result = await runOnce(browser, `${base}?doc=${DOC}&lang=en`, pid);
      results.push(result);
      log(
        `run ${String(run)}/${String(runs)}: window.print after ${String(result.renderMs)} ms, ` +
          `done after ${String(result.totalMs)} ms; peak JS heap ${String(result.peakHeapMB)} MB; ` +
          `Chromium RSS ${String(result.baseRssMB)} → peak ${String(result.peakRssDrawingMB)} MB ` +
          `drawing, ${String(result.peakRssMB)} MB in all; ` +
          `page images ${String(result.blobMB)} MB; RSS every 5 s: ${result.rssSeries.join(' ')}` +
          (result.busyBefore > 0.25
            ? ` [CPU ${String(Math.round(result.busyBefore * 100))} % busy at start]`
            : ''),
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const report = {
    date: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim(),
    machine: `${String(os.cpus().length)} × ${os.cpus()[0]?.model.trim() ?? '?'}, ${String(Math.round(os.totalmem() / 2 ** 30))} GB`,
    chromium,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    doc: doc.source,
    runs: results,
  };
  writeFileSync(path.join(OUT, 'print-results.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`results: bench/.out/print-results.json (load average ${report.loadAverage.join(', ')})`);
}
