// `npm run bench -- --archives`: archives in Folio's production build on loopback, each run on a
// fresh server with a CACHE_DIR of its own (cold: nothing listed, extracted or read before):
//
// - the listing of a zip of 10 000 entries: the metadata's answer (the listing built in the pool,
//   docs/decisions/2026-12-06-big-listings.md) and the tree's first row shown in Chromium, ms from
//   navigation. Target ≤ 1 s.
// - page 1 of a PDF (tracemonkey) inside a 200 MB zip (its entry extracted, then read as any PDF)
//   against the same PDF served alone: page 1's canvas, ms from navigation. Target ≤ 1.5×.
//
//   npm run bench -- --archives [--runs N] [--no-build]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildZip } from '../facility/archives/__tests__/_zip.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { folioDist } from './build.ts';
import { coldServer } from './cold-server.ts';
import { OUT, ROOT } from './docs.ts';
import { openPage, runSession } from './measure.ts';
import { PROFILES } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { loadAverageLine, median, msOrNa as ms } from './report.ts';

const PAPER = path.join(ROOT, 'mock', 'documents', 'tracemonkey.pdf');
const ENTRIES = 10_000;

/** The archives, made once into bench/.out/archives: a zip of 10 000 entries, a 200 MB zip. */
function prepareArchives(): string {
  const dir = path.join(OUT, 'archives');
  mkdirSync(dir, { recursive: true });
  const paper = readFileSync(PAPER);
  writeFileSync(path.join(dir, 'alone.pdf'), paper);
  const many = path.join(dir, 'ten-thousand.zip');
  if (!existsSync(many)) {
    const entries = Array.from({ length: ENTRIES }, (_, at) => ({
      name: `folder-${String(at % 50)}/file-${String(at)}.txt`,
      data: Buffer.from(`entry ${String(at)}`),
    }));
    writeFileSync(many, buildZip(entries));
  }
  const big = path.join(dir, 'big.zip');
  if (!existsSync(big)) {
    // Stored, not deflated: 200 MB of random bytes before the PDF, as a zip of scans is.
    const filler = { name: 'filler.bin', data: randomBytes(200 * 1024 * 1024), method: 0 as const };
    writeFileSync(big, buildZip([filler, { name: 'paper.pdf', data: paper, method: 0 }]));
  }
  return dir;
}

/** The listing cold: the metadata's answer time, and the tree's first row in Chromium. */
async function coldListing(browser: Browser, docsDir: string, dist: string) {
  const server = await coldServer(docsDir, dist, 'archives');
  try {
    await waitForQuiet(5000);
    const started = performance.now();
    const answer = await fetch(`${server.url}api/documents/ten-thousand.zip`);
    const body = (await answer.json()) as { listing?: { entries: unknown[] } };
    const answerMs = performance.now() - started;
    if (body.listing?.entries.length !== ENTRIES) throw new Error('not 10 000 entries listed');
    await server.close();
    // Again on a fresh server: the page's own request is the cold one.
    const again = await coldServer(docsDir, dist, 'archives');
    const { context, page } = await openPage(browser);
    try {
      await waitForQuiet(5000);
      const navigated = performance.now();
      await page.goto(`${again.url}?doc=ten-thousand.zip&lang=en`, { waitUntil: 'commit' });
      await page.locator('[role="treeitem"]').first().waitFor({ timeout: 30_000 });
      return { answerMs, treeMs: performance.now() - navigated };
    } finally {
      await context.close();
      await again.close();
    }
  } finally {
    await server.close().catch(() => undefined);
  }
}

/** Page 1's canvas of `id`, cold, ms from navigation; null if not seen. */
async function coldFirstPage(browser: Browser, docsDir: string, dist: string, id: string) {
  const server = await coldServer(docsDir, dist, 'archives');
  try {
    await waitForQuiet(5000);
    const result = await runSession(browser, {
      side: 'folio',
      url: `${server.url}?doc=${encodeURIComponent(id)}&lang=en`,
      pages: 14,
      profile: PROFILES.loopback,
      firstViewOnly: true,
    });
    return result.firstPaintMs;
  } finally {
    await server.close();
  }
}

export async function archivesBench({ runs, build }: { runs: number; build: boolean }) {
  const log = (line: string) => {
    console.log(`[bench --archives] ${line}`);
  };
  const dist = path.join(ROOT, 'dist');
  await folioDist(dist, build, log);
  const docsDir = prepareArchives();
  const browser = await launchChromium();
  const answers: number[] = [];
  const trees: number[] = [];
  const inZip: number[] = [];
  const alone: number[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      log(`run ${String(run)}: ${loadAverageLine()}`);
      const listed = await coldListing(browser, docsDir, dist);
      answers.push(listed.answerMs);
      trees.push(listed.treeMs);
      // Alternated, so neither side always meets the other's leftovers.
      let entry: number | null;
      let single: number | null;
      if (run % 2 === 1) {
        entry = await coldFirstPage(browser, docsDir, dist, 'big.zip!2');
        single = await coldFirstPage(browser, docsDir, dist, 'alone.pdf');
      } else {
        single = await coldFirstPage(browser, docsDir, dist, 'alone.pdf');
        entry = await coldFirstPage(browser, docsDir, dist, 'big.zip!2');
      }
      if (entry !== null) inZip.push(entry);
      if (single !== null) alone.push(single);
      log(
        `listing answer ${ms(listed.answerMs)}, tree ${ms(listed.treeMs)}; page 1 in the zip ${ms(entry)}, alone ${ms(single)}`,
      );
    }
  } finally {
    await browser.close();
  }
  const entryMedian = median(inZip);
  const aloneMedian = median(alone);
  const times =
    entryMedian !== null && aloneMedian !== null
      ? `${(entryMedian / aloneMedian).toFixed(2)}×`
      : 'n/a';
  const rows = [
    '| row (loopback, cold, median) | measured | target |',
    '| --- | --- | --- |',
    `| listing of a zip of 10 000 entries: the metadata's answer | ${ms(median(answers))} | ≤ 1 000 ms |`,
    `| the same: the tree's first row in Chromium, from navigation | ${ms(median(trees))} | ≤ 1 000 ms |`,
    `| page 1 of tracemonkey.pdf inside a 200 MB zip | ${ms(entryMedian)} | ≤ 1.5× alone |`,
    `| page 1 of the same PDF alone | ${ms(aloneMedian)} | the entry costs ${times} |`,
  ];
  console.log(
    `\nMedians of ${String(runs)} run(s), ${loadAverageLine()} at the end:\n\n${rows.join('\n')}\n`,
  );
}
