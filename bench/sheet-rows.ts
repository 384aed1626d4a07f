// `npm run bench -- --sheets`: the sheet view in Folio's production build, each session on a fresh
// server with a CACHE_DIR of its own (cold: never opened before; docs/decisions/
// 2026-12-07-sheet-view-finished.md):
//
// - the first screen of a 50 000-row × 12-column `.xlsx` and of a 1 000 000-row `.csv` as grids,
//   ms from navigation (the first request) to the frame in which the grid's first data cell is on
//   screen, on loopback and at 20 Mbit/s + 40 ms (CDP); target ≤ 1.0 s / ≤ 2.0 s and ≤ 1.5× page 1
//   of tracemonkey.pdf opened cold in the same run on the same link;
// - the same `.xlsx` through the PDF path (a server with `sheetView: 'pages'`): page 1 painted;
// - a jump to the last row (Ctrl+End, from the key to the last row's cell on screen), on loopback
//   right after the first screen; target ≤ 1.0 s;
// - the page's JS heap (after GC) once the `.xlsx` grid was scrolled from top to bottom; ≤ 100 MB;
// - the server's resident memory above idle while it reads (the bench's process hosts the server
//   and its pool threads: its RSS sampled every 50 ms, less the RSS before the page opened);
//   ≤ 300 MB.
//
// Everything is read from outside the app: an init script marks the frames (as bench/probe.ts).
//
//   npm run bench -- --sheets [--runs N] [--no-build] [--pdf-runs N]
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { buildXlsx, ordersSheet } from '../facility/sheets/__tests__/_xlsx.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { folioDist } from './build.ts';
import { coldServer } from './cold-server.ts';
import { OUT, ROOT } from './docs.ts';
import { emulateLink, openPage, readHeap, runSession, sleep } from './measure.ts';
import { PROFILES } from './profiles.ts';
import type { NetworkLink } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { loadAverageLine, median, msOrNa as ms } from './report.ts';

const PAPER = path.join(ROOT, 'mock', 'documents', 'tracemonkey.pdf');
const XLSX_ROWS = 50_000;
const CSV_ROWS = 1_000_000;
/** How long a grid may take to show its first cells before the session counts them not shown. */
const WAIT_MS = 30_000;
/** How long a jump to the last row is waited for (the row reads "> 10 000 ms" past it). */
const JUMP_WAIT_MS = 10_000;
/** Scrolling top to bottom: this many steps, a pause after each for the blocks asked for. */
const SCROLL_STEPS = 40;
const SCROLL_PAUSE_MS = 150;

const LINKS = { loopback: null, '20mbit': PROFILES['20mbit'].network } as const;
type LinkName = keyof typeof LINKS;

/** The workbook and the table of text, written once into bench/.out/sheets (with the paper). */
async function prepareSheets(): Promise<string> {
  const dir = path.join(OUT, 'sheets');
  mkdirSync(dir, { recursive: true });
  copyFileSync(PAPER, path.join(dir, 'tracemonkey.pdf'));
  const book = path.join(dir, 'orders.xlsx');
  if (!existsSync(book)) writeFileSync(book, buildXlsx([ordersSheet(XLSX_ROWS)]));
  const table = path.join(dir, 'million.csv');
  if (!existsSync(table)) {
    const out = createWriteStream(`${table}.tmp`);
    out.write('Order,Date,Customer,Region,Quantity,Total,Note\n');
    const regions = ['North', 'South', 'East', 'West'];
    for (let r = 1; r <= CSV_ROWS; r += 1) {
      const line = `${String(r)},2026-${String((r % 12) + 1).padStart(2, '0')}-${String((r % 28) + 1).padStart(2, '0')},Customer ${String(r)},${regions[r % 4] ?? ''},${String(r % 50)},${((r % 50) * 9.99).toFixed(2)},Row ${String(r + 1)} note\n`;
      if (!out.write(line)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    renameSync(`${table}.tmp`, table);
  }
  return dir;
}

interface CellWindow {
  folioSheetMarks: Record<string, number>;
  folioWatchCell: (text: string) => void;
}

/**
 * In the page, before the app: `folioWatchCell(text)` marks (performance.now(), from navigation)
 * the first animation frame in which a grid cell holding `text` is laid out inside the viewport.
 */
function installCellMarks() {
  const marks: Record<string, number> = {};
  const watch = (text: string) => {
    const look = () => {
      for (const cell of document.querySelectorAll('[role="gridcell"]')) {
        if (cell.textContent !== text) continue;
        const box = cell.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight) {
          marks[text] = performance.now();
          return;
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  Object.assign(window, { folioSheetMarks: marks, folioWatchCell: watch });
}

const markOf = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as CellWindow).folioSheetMarks[t] ?? null, text);

async function waitForMark(page: Page, text: string, timeout: number): Promise<number | null> {
  try {
    await page.waitForFunction(
      (t) => t in (window as unknown as CellWindow).folioSheetMarks,
      text,
      { timeout, polling: 50 },
    );
  } catch {
    return null;
  }
  return markOf(page, text);
}

/** The bench process's resident memory (it hosts the server), sampled until stopped. */
function sampleRss() {
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round((peak - idle) / 1e6);
    },
  };
}

interface GridRun {
  firstMs: number | null;
  jumpMs: number | null;
  heapMB: number | null;
  rssMB: number | null;
}

/** `id` cold as a grid over `link`; on loopback also the jump, and for a walk the heap. */
async function gridSession(
  browser: Browser,
  docsDir: string,
  dist: string,
  id: string,
  link: NetworkLink | null,
  last: { first: string; end: string; walk: boolean },
): Promise<GridRun> {
  const server = await coldServer(docsDir, dist, 'sheets', { sheetView: 'grid' });
  const { context, page } = await openPage(browser);
  const run: GridRun = { firstMs: null, jumpMs: null, heapMB: null, rssMB: null };
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (link) await emulateLink(cdp, link);
    await page.addInitScript(
      `(${installCellMarks.toString()})(); folioWatchCell(${JSON.stringify(last.first)});`,
    );
    await waitForQuiet(2000);
    const rss = sampleRss();
    try {
      await page.goto(`${server.url}?doc=${encodeURIComponent(id)}&lang=en`, {
        waitUntil: 'commit',
      });
      run.firstMs = await waitForMark(page, last.first, WAIT_MS);
      if (run.firstMs === null || link !== null) return run;
      // Ctrl+End at once, as a reader would: the read-ahead may still be on its way there.
      await page.getByRole('grid').focus();
      await page.evaluate((t) => {
        (window as unknown as CellWindow).folioWatchCell(t);
      }, last.end);
      const pressed = await page.evaluate(() => performance.now());
      await page.keyboard.press('Control+End');
      const reached = await waitForMark(page, last.end, JUMP_WAIT_MS);
      run.jumpMs = reached === null ? Infinity : reached - pressed;
      if (last.walk) run.heapMB = await scrollThrough(page, cdp);
    } finally {
      run.rssMB = rss.stop();
    }
    return run;
  } finally {
    await context.close();
    await server.close();
  }
}

/** The grid scrolled from its top to its bottom in steps; then the JS heap after GC, MB. */
async function scrollThrough(page: Page, cdp: CDPSession): Promise<number> {
  const scroller = page.getByRole('grid');
  await scroller.evaluate((element) => {
    element.scrollTop = 0;
  });
  for (let step = 1; step <= SCROLL_STEPS; step += 1) {
    await scroller.evaluate(
      (element, [at, steps]) => {
        element.scrollTop = (element.scrollHeight * at) / steps;
      },
      [step, SCROLL_STEPS],
    );
    await sleep(SCROLL_PAUSE_MS);
  }
  return (await readHeap(cdp)).usedMB;
}

/** Page 1 of `id` painted, cold, on a server showing workbooks as pages; null if not seen. */
async function pagesSession(
  browser: Browser,
  docsDir: string,
  dist: string,
  id: string,
  link: LinkName,
): Promise<number | null> {
  const server = await coldServer(docsDir, dist, 'sheets', { sheetView: 'pages' });
  try {
    await waitForQuiet(2000);
    const result = await runSession(browser, {
      side: 'folio',
      url: `${server.url}?doc=${encodeURIComponent(id)}&lang=en`,
      pages: 1,
      profile: PROFILES[link],
      firstViewOnly: true,
    });
    return result.firstPaintMs;
  } finally {
    await server.close();
  }
}

const pick = <T>(runs: readonly T[], value: (run: T) => number | null) =>
  median(runs.map(value).filter((v): v is number => v !== null));

/** A median in ms, or that it was not reached within the wait (Infinity). */
const msOrOver = (value: number | null, waitMs: number) =>
  value === Infinity ? `> ${ms(waitMs)}` : ms(value);

/** The PDF path's row: not run (`--pdf-runs 0`), not painted within its wait, or the median. */
function viaPdfCell(viaPdf: number[], pdfRuns: number): string {
  if (pdfRuns === 0) return 'not run';
  return viaPdf.length === 0 ? '> 30 000 ms' : ms(median(viaPdf));
}

export async function sheetsBench({
  runs,
  build,
  pdfRuns,
}: {
  runs: number;
  build: boolean;
  pdfRuns: number;
}) {
  const log = (line: string) => {
    console.log(`[bench --sheets] ${line}`);
  };
  const dist = path.join(ROOT, 'dist');
  await folioDist(dist, build, log);
  const docsDir = await prepareSheets();
  const browser = await launchChromium();
  const xlsx: Record<LinkName, GridRun[]> = { loopback: [], '20mbit': [] };
  const csv: Record<LinkName, GridRun[]> = { loopback: [], '20mbit': [] };
  const paper: Record<LinkName, number[]> = { loopback: [], '20mbit': [] };
  const viaPdf: number[] = [];
  const notShown: string[] = [];
  const XLSX = { first: 'Customer 1', end: `Row ${String(XLSX_ROWS + 1)} note`, walk: true };
  const CSV = { first: 'Customer 1', end: `Row ${String(CSV_ROWS + 1)} note`, walk: false };
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const link of Object.keys(LINKS) as LinkName[]) {
        log(`run ${String(run)}, ${link}: ${loadAverageLine()}`);
        const network = LINKS[link];
        const book = await gridSession(browser, docsDir, dist, 'orders.xlsx', network, XLSX);
        const table = await gridSession(browser, docsDir, dist, 'million.csv', network, CSV);
        const first = await pagesSession(browser, docsDir, dist, 'tracemonkey.pdf', link);
        xlsx[link].push(book);
        csv[link].push(table);
        if (first !== null) paper[link].push(first);
        else notShown.push(`run ${String(run)} ${link}: tracemonkey page 1`);
        log(
          `xlsx ${ms(book.firstMs)} (jump ${msOrOver(book.jumpMs, JUMP_WAIT_MS)}, heap ${String(book.heapMB ?? 'n/a')} MB, rss +${String(book.rssMB)} MB); csv ${ms(table.firstMs)} (jump ${msOrOver(table.jumpMs, JUMP_WAIT_MS)}, rss +${String(table.rssMB)} MB); tracemonkey page 1 ${ms(first)}`,
        );
      }
      // The PDF path is LibreOffice printing 50 000 rows: 15–30 s a session, so fewer runs.
      if (run <= pdfRuns) {
        const pages = await pagesSession(browser, docsDir, dist, 'orders.xlsx', 'loopback');
        if (pages !== null) viaPdf.push(pages);
        else notShown.push(`run ${String(run)}: orders.xlsx page 1 as a PDF within 30 s`);
        log(`orders.xlsx as pages (loopback, ${loadAverageLine()}): page 1 ${ms(pages)}`);
      }
    }
  } finally {
    await browser.close();
  }
  const ratio = (value: number | null, anchor: number | null) =>
    value !== null && anchor !== null ? `${(value / anchor).toFixed(2)}×` : 'n/a';
  const rows = [
    '| row (cold, median) | loopback | 20 Mbit/s + 40 ms | target |',
    '| --- | --- | --- | --- |',
  ];
  const paperOn = (link: LinkName) => median(paper[link]);
  for (const [name, set] of [
    ['50 000-row .xlsx, first cells', xlsx],
    ['1 000 000-row .csv, first cells', csv],
  ] as const) {
    const loop = pick(set.loopback, (r) => r.firstMs);
    const slow = pick(set['20mbit'], (r) => r.firstMs);
    rows.push(
      `| ${name} | ${ms(loop)} (${ratio(loop, paperOn('loopback'))} the paper) | ${ms(slow)} (${ratio(slow, paperOn('20mbit'))} the paper) | ≤ 1 000 ms / ≤ 2 000 ms, ≤ 1.5× the paper |`,
    );
  }
  rows.push(
    `| tracemonkey.pdf page 1 (the paper) | ${ms(paperOn('loopback'))} | ${ms(paperOn('20mbit'))} | — |`,
    `| the .xlsx through the PDF path, page 1 (${String(Math.min(pdfRuns, runs))} run(s)) | ${viaPdfCell(viaPdf, pdfRuns)} | — | the grid's row above |`,
    `| jump to the last row, .xlsx | ${msOrOver(
      pick(xlsx.loopback, (r) => r.jumpMs),
      JUMP_WAIT_MS,
    )} | — | ≤ 1 000 ms |`,
    `| jump to the last row, .csv | ${msOrOver(
      pick(csv.loopback, (r) => r.jumpMs),
      JUMP_WAIT_MS,
    )} | — | ≤ 1 000 ms |`,
    `| JS heap after scrolling the .xlsx top to bottom | ${String(pick(xlsx.loopback, (r) => r.heapMB) ?? 'n/a')} MB | — | ≤ 100 MB |`,
    `| server RSS above idle while reading, .xlsx | +${String(pick(xlsx.loopback, (r) => r.rssMB) ?? 'n/a')} MB | +${String(pick(xlsx['20mbit'], (r) => r.rssMB) ?? 'n/a')} MB | ≤ 300 MB |`,
    `| server RSS above idle while reading, .csv | +${String(pick(csv.loopback, (r) => r.rssMB) ?? 'n/a')} MB | +${String(pick(csv['20mbit'], (r) => r.rssMB) ?? 'n/a')} MB | ≤ 300 MB |`,
  );
  const missing = [
    ...notShown,
    ...(['loopback', '20mbit'] as const).flatMap((link) =>
      [...xlsx[link], ...csv[link]].filter((r) => r.firstMs === null).map(() => `${link}: a grid`),
    ),
  ];
  console.log(
    `\nMedians of ${String(runs)} run(s), ${loadAverageLine()} at the end:\n\n${rows.join('\n')}\n` +
      (missing.length > 0 ? `\nNot shown within 30 s: ${missing.join('; ')}\n` : ''),
  );
}
