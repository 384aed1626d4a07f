// `npm run bench -- --idle`: what a reader's tab holds after reading a while and pausing. Each
// session opens a document on one side (Folio's production build, or the anchor: a bare pdf.js
// PDFViewer, which has no idle clean-up), turns `IDLE.pages` pages with `Next page` (each painted
// before the next click), and reads, once after the walk and once `IDLE.pauseMs` later:
//
// - the main thread's JS heap after GC (CDP `Runtime.getHeapUsage`, as the heap series);
// - the renderer processes' PSS in total (`/proc/<pid>/smaps_rollup`, the processes from CDP
//   `SystemInfo.getProcessInfo`): Blink's objects, canvases, decoded images and the pdf.js
//   worker, which the JS heap does not count. Linux only; elsewhere null.
//
// pdf.js's own viewer app cleans the document up after 30 s with nothing to draw, and so does
// Folio (docs/decisions/2026-11-26-idle-release.md); the pause is longer than that.
//
//   npm run bench -- --idle [--runs N] [--no-build]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { buildAnchor, buildFolio } from './build.ts';
import { DOCS_DIR, OUT, ROOT, prepareDocs, selectDocs } from './docs.ts';
import { LIMITS, readHeap, sessionFailed, sleep, startWalk, turnPage } from './measure.ts';
import type { Side } from './measure.ts';
import { waitForQuiet } from './quiet.ts';
import { loadAverageLine, median } from './report.ts';

export const IDLE = {
  /** Pages turned per document: far enough for pdf.js's buffers to be full and cycling. */
  pages: { 'text-1000': 150, 'image-200': 60 } as Record<string, number>,
  /** Longer than pdf.js's 30 s CLEANUP_TIMEOUT. */
  pauseMs: 35_000,
  pageMs: 10_000,
};

interface Reading {
  heapMB: number;
  /** Renderer processes' PSS in total, MB; null where /proc is missing. */
  rendererMB: number | null;
}

export interface IdleRun {
  side: Side;
  doc: string;
  afterWalk: Reading | null;
  afterPause: Reading | null;
  missing: string | null;
  busyBefore: number;
}

/** The PSS of a process, MB, from /proc; null when it cannot be read. */
function pssMB(pid: number): number | null {
  try {
    const rollup = readFileSync(`/proc/${String(pid)}/smaps_rollup`, 'utf8');
    const kb = /^Pss:\s+(\d+)/m.exec(rollup)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

async function rendererMB(browserCdp: CDPSession): Promise<number | null> {
  const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
  const sizes = processInfo.filter((p) => p.type === 'renderer').map((p) => pssMB(p.id));
  if (sizes.length === 0 || sizes.some((s) => s === null)) return null;
  return Math.round(sizes.reduce<number>((sum, s) => sum + (s ?? 0), 0));
}

async function runOnce(
  browser: Browser,
  browserCdp: CDPSession,
  spec: { side: Side; doc: string; url: string; pages: number },
): Promise<IdleRun> {
  const result: IdleRun = {
    side: spec.side,
    doc: spec.doc,
    afterWalk: null,
    afterPause: null,
    missing: null,
    busyBefore: await waitForQuiet(60_000),
  };
  const { context, page, start } = await startWalk(browser, spec.url);
  try {
    if (typeof start === 'string') {
      result.missing = start;
      return result;
    }
    for (let n = 2; n <= spec.pages; n += 1) await turnPage(page, start, n, IDLE.pageMs);
    const cdp = await context.newCDPSession(page);
    const read = async (): Promise<Reading> => ({
      heapMB: (await readHeap(cdp)).usedMB,
      rendererMB: await rendererMB(browserCdp),
    });
    await sleep(LIMITS.settleMs);
    result.afterWalk = await read();
    await sleep(IDLE.pauseMs);
    result.afterPause = await read();
    await cdp.detach();
  } catch (error) {
    result.missing = sessionFailed(error);
  } finally {
    await context.close();
  }
  return result;
}

/** Pages a session turns in `doc`: the plan, within the document. */
const pagesFor = (doc: { name: string; pages: number }): number =>
  Math.min(IDLE.pages[doc.name] ?? 0, doc.pages);

export async function idleBench({ runs, build }: { runs: number; build: boolean }) {
  const log = (line: string) => {
    console.log(`[bench --idle] ${line}`);
  };
  const docs = await prepareDocs(selectDocs(Object.keys(IDLE.pages).join(',')));
  const dists: Record<Side, string> = {
    folio: path.join(ROOT, 'dist'),
    anchor: path.join(OUT, 'anchor'),
  };
  if (build) {
    log('building Folio and the anchor …');
    await buildFolio(dists.folio);
    await buildAnchor(dists.anchor);
  } else if (!existsSync(path.join(dists.folio, 'index.html'))) {
    throw new Error('--no-build: dist/index.html is missing; run npm run build');
  } else if (!existsSync(path.join(dists.anchor, 'index.html'))) {
    await buildAnchor(dists.anchor);
  }
  const servers = await Promise.all(
    (['folio', 'anchor'] as const).map((side) =>
      startServer({
        port: 0,
        host: '127.0.0.1',
        basePath: '/',
        docsDir: DOCS_DIR,
        distDirs: [dists[side]],
        simulate: true,
      }),
    ),
  );
  const bases: Record<Side, string> = {
    folio: servers[0]?.url.replace('//localhost:', '//127.0.0.1:') ?? '',
    anchor: servers[1]?.url.replace('//localhost:', '//127.0.0.1:') ?? '',
  };
  log(loadAverageLine());
  const browser = await launchChromium();
  const chromium = browser.version();
  const browserCdp = await browser.newBrowserCDPSession();
  const results: IdleRun[] = [];
  try {
    for (const doc of docs) {
      const pages = pagesFor(doc);
      for (let run = 1; run <= runs; run += 1) {
        const order: Side[] = run % 2 === 1 ? ['anchor', 'folio'] : ['folio', 'anchor'];
        for (const side of order) {
          const url = `${bases[side]}?doc=${encodeURIComponent(doc.id)}${side === 'folio' ? '&lang=en' : ''}`;
          const result = await runOnce(browser, browserCdp, { side, doc: doc.name, url, pages });
          results.push(result);
          const show = (r: Reading | null) =>
            r === null
              ? 'n/a'
              : `heap ${String(r.heapMB)} MB, renderers ${String(r.rendererMB ?? 'n/a')} MB`;
          log(
            `${doc.name} run ${String(run)}/${String(runs)} ${side}: after ${String(pages)} pages ${show(result.afterWalk)}; ` +
              `${String(IDLE.pauseMs / 1000)} s later ${show(result.afterPause)}` +
              (result.missing === null ? '' : ` (${result.missing})`),
          );
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }

  const rows = [
    '| document, pages turned | side | JS heap after the walk → after the pause | renderers after the walk → after the pause |',
    '| --- | --- | --- | --- |',
  ];
  for (const doc of docs) {
    for (const side of ['anchor', 'folio'] as const) {
      const mine = results.filter((r) => r.doc === doc.name && r.side === side);
      const pick = (f: (r: IdleRun) => number | null | undefined) =>
        median(mine.map(f).filter((v): v is number => typeof v === 'number'));
      const pair = (a: number | null, b: number | null) =>
        `${a === null ? 'n/a' : String(a)} → ${b === null ? 'n/a' : String(b)} MB`;
      rows.push(
        `| ${doc.name}, ${String(pagesFor(doc))} | ${side === 'folio' ? 'Folio' : 'anchor'} | ` +
          `${pair(
            pick((r) => r.afterWalk?.heapMB),
            pick((r) => r.afterPause?.heapMB),
          )} | ` +
          `${pair(
            pick((r) => r.afterWalk?.rendererMB),
            pick((r) => r.afterPause?.rendererMB),
          )} |`,
      );
    }
  }
  console.log(`\nMedians of ${String(runs)} run(s) a side:\n\n${rows.join('\n')}\n`);
  const report = {
    date: new Date().toISOString(),
    chromium,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    pauseMs: IDLE.pauseMs,
    runs: results,
  };
  writeFileSync(path.join(OUT, 'idle-results.json'), `${JSON.stringify(report, null, 2)}\n`);
  log('results: bench/.out/idle-results.json');
}
