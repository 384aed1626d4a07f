// `npm run bench -- --sources`: documents read from the host's HTTP storage (DOCS_URL) rather than
// DOCS_DIR (docs/server.md, "Document sources"). Two rows, Folio's production build over the
// 20 Mbit/s + 40 ms link, each run with a fresh CACHE_DIR (a first open):
//
// - image-200 (19 MB), page 1's canvas: from an HTTP origin on loopback (ranges, ETags) against
//   the same file in DOCS_DIR. Target ≤ 1.2×: the viewer's ranges reach the origin while the copy
//   fills, so page 1 does not wait for the file.
// - a 200 MB PDF at an origin whose whole-file answer comes at 20 Mbit/s (a store across a WAN):
//   page 1 painted, and the bytes the origin had sent by then (counted at the origin, ranges and
//   the background copy together; read once the paint is seen, so an upper bound). Target: under
//   10 % of the file.
//
//   npm run bench -- --sources [--runs N] [--no-build]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { createHttpSource } from '../facility/sources/http-source.ts';
import { startRangeOrigin } from '../facility/sources/__tests__/_range-origin.ts';
import type { RangeOrigin } from '../facility/sources/__tests__/_range-origin.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { folioDist } from './build.ts';
import { coldServer } from './cold-server.ts';
import { DOCS_DIR, OUT, ROOT, prepareDocs, selectDocs } from './docs.ts';
import { emulateLink, openAtFirstPaint, openPage, runSession } from './measure.ts';
import type { ProbeWindow } from './probe.ts';
import { PROFILES } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { loadAverageLine, median, msOrNa as ms } from './report.ts';

const LINK = PROFILES['20mbit'];
const LARGE = { id: 'large-200mb.pdf', pages: 100, fillerBytes: 2_000_000 };
/** The origin's whole-file answer for the 200 MB row: 20 Mbit/s. */
const ORIGIN_RATE = (20 * 1e6) / 8;

/**
 * 100 pages, each with its number drawn and 2 MB of bytes nobody draws after it (as a scan's
 * image would be): ≈ 200 MB, made once into bench/.out.
 */
async function largePdf(): Promise<Buffer> {
  const file = path.join(OUT, LARGE.id);
  if (existsSync(file)) return readFileSync(file);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= LARGE.pages; n += 1) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${String(n)}`, { x: 72, y: 700, size: 48, font });
    page.node.set(
      PDFName.of('FolioFiller'),
      doc.context.register(doc.context.stream(randomBytes(LARGE.fillerBytes))),
    );
  }
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  mkdirSync(OUT, { recursive: true });
  writeFileSync(file, bytes);
  return bytes;
}

/** A server over DOCS_DIR or over the origin, with a CACHE_DIR of its own (a first open). */
async function serverFor(origin: RangeOrigin | null, dist: string) {
  if (origin === null) return coldServer(DOCS_DIR, dist, 'sources');
  const empty = mkdtempSync(path.join(os.tmpdir(), 'folio-bench-empty-'));
  const server = await coldServer(empty, dist, 'sources', {
    source: createHttpSource({ template: `${origin.url}/files/{id}` }),
  });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(empty, { recursive: true, force: true });
    },
  };
}

/** image-200's page 1 canvas from DOCS_DIR or the origin, ms from navigation; null if not seen. */
async function firstCanvas(
  browser: Browser,
  origin: RangeOrigin | null,
  dist: string,
  id: string,
): Promise<number | null> {
  const server = await serverFor(origin, dist);
  try {
    await waitForQuiet(5000);
    const result = await runSession(browser, {
      side: 'folio',
      url: `${server.url}?doc=${encodeURIComponent(id)}&lang=en`,
      pages: 200,
      profile: LINK,
      firstViewOnly: true,
    });
    return result.firstPaintMs;
  } finally {
    await server.close();
    origin?.cut();
  }
}

/** The 200 MB PDF's page 1 from the origin: when, and how much had crossed by then. */
async function coldLarge(browser: Browser, origin: RangeOrigin, dist: string, size: number) {
  origin.sent.ranges = 0;
  origin.sent.whole = 0;
  const server = await serverFor(origin, dist);
  const { context, page } = await openPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await emulateLink(cdp, LINK.network);
    await waitForQuiet(5000);
    const painted = await openAtFirstPaint(page, `${server.url}?doc=${LARGE.id}&lang=en`);
    const crossed = origin.sent.ranges + origin.sent.whole;
    const paintMs = painted
      ? await page.evaluate(
          () => (window as unknown as ProbeWindow).__folioBenchProbe.firstPaint ?? NaN,
        )
      : null;
    return { paintMs, share: crossed / size, rangesMB: origin.sent.ranges / 1e6 };
  } finally {
    await context.close();
    await server.close();
    // The stopped server's copy would go on filling, and counting, into the next run.
    origin.cut();
  }
}

export async function sourcesBench({ runs, build }: { runs: number; build: boolean }) {
  const log = (line: string) => {
    console.log(`[bench --sources] ${line}`);
  };
  const dist = path.join(ROOT, 'dist');
  await folioDist(dist, build, log);
  const image = (await prepareDocs(selectDocs('image-200'))).at(0);
  if (image === undefined) throw new Error('image-200.pdf is missing');
  log('making the 200 MB PDF (once) …');
  const large = await largePdf();
  const origin = await startRangeOrigin();
  origin.files.set(image.id, readFileSync(path.join(DOCS_DIR, image.id)));
  origin.files.set(LARGE.id, large);
  log(loadAverageLine());
  const browser = await launchChromium();
  const folder: number[] = [];
  const http: number[] = [];
  const largeRuns: { paintMs: number | null; share: number; rangesMB: number }[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      // In turn first, so a load that rises or falls meanwhile favours neither.
      const sides = run % 2 === 1 ? (['folder', 'http'] as const) : (['http', 'folder'] as const);
      for (const side of sides) {
        origin.wholeRate = Infinity;
        const paint = await firstCanvas(browser, side === 'http' ? origin : null, dist, image.id);
        if (paint !== null) (side === 'http' ? http : folder).push(paint);
        log(`image-200 run ${String(run)} ${side}: page 1 canvas ${ms(paint)}`);
      }
      origin.wholeRate = ORIGIN_RATE;
      const cold = await coldLarge(browser, origin, dist, large.length);
      largeRuns.push(cold);
      log(
        `200 MB run ${String(run)}: page 1 ${ms(cold.paintMs)}, ${(cold.share * 100).toFixed(1)} % crossed (${cold.rangesMB.toFixed(1)} MB by ranges)`,
      );
    }
  } finally {
    await browser.close();
    await origin.close();
  }
  const [f, h] = [median(folder), median(http)];
  const ratio = f !== null && h !== null ? h / f : null;
  // In percent: median() rounds to a tenth, which would make a share of 0.178 read 20 %.
  const percent = median(largeRuns.map((r) => r.share * 100));
  const paint = median(largeRuns.flatMap((r) => (r.paintMs === null ? [] : [r.paintMs])));
  const rows = [
    '| document, link | metric | DOCS_DIR | HTTP origin (DOCS_URL) | origin / DOCS_DIR | target |',
    '| --- | --- | --- | --- | --- | --- |',
    `| image-200 (200 p., 19 MB), 20 Mbit/s + 40 ms, first open | page 1 canvas | ${ms(f)} | ${ms(h)} | ${ratio === null ? 'n/a' : `${ratio.toFixed(2)}×`} | ≤ 1.2× ${ratio !== null && ratio <= 1.2 ? '✅' : '❌'} |`,
    `| 200 MB PDF (${String(LARGE.pages)} p.), origin at 20 Mbit/s, 20 Mbit/s + 40 ms, first open | page 1 canvas; bytes sent by the origin by then | n/a | ${ms(paint)}; ${percent === null ? 'n/a' : `${percent.toFixed(1)} %`} of the file | n/a | < 10 % ${percent !== null && percent < 10 ? '✅' : '❌'} |`,
  ];
  console.log(`\nMedians of ${String(runs)} run(s):\n\n${rows.join('\n')}\n`);
  writeFileSync(
    path.join(OUT, 'sources-results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), loadAverage: os.loadavg(), folder, http, largeRuns }, null, 2)}\n`,
  );
  log('results: bench/.out/sources-results.json');
}
