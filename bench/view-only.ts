// `npm run bench -- --view-only`: the view-only mode (docs/decisions/2026-11-29-view-only-viewer.md,
// docs/server.md "View only") beside the normal mode and the bare pdf.js viewer, on one generated
// 60-page document. `npm run serve` is started with RS256 keys and VIEW_ONLY=auto (its default), so
// the same server and document give:
//
// - view-only: a signed link whose `perm` lacks `download`: page images drawn by the server;
// - normal: a signed link with `download`: the PDF to pdf.js (and the previews);
// - anchor: bench/anchor/ served by the in-process preview server over the same file.
//
// Rows, per link (loopback, 20 Mbit/s + 40 ms, the phone with its CPU 4× slower): page 1's first
// pixels and a jump to page 40 (each session ends after that jump, so the phone is measured too);
// on loopback, the bytes received while going through pages 1–10 with `Next page`. Warm: before
// the timed runs of a link each Folio mode is opened once, untimed, with the same session, so the
// server has drawn the page images (and previews) that screen asks for, for that watermark.
//
//   npm run bench -- --view-only [--runs N] [--links loopback,20mbit,phone] [--no-build]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import type { CryptoKey } from 'jose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, CDPSession } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { startNpmServer } from '../browser-tests/support/server.ts';
import { anchorDist, folioDist } from './build.ts';
import { OUT, ROOT } from './docs.ts';
import {
  LIMITS,
  nextPagePoint,
  openAtFirstPaint,
  openPage,
  runSession,
  sessionFailed,
  turnPage,
} from './measure.ts';
import type { RunResult } from './measure.ts';
import { PROFILES, linkLabel } from './profiles.ts';
import type { LinkName } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { cell, loadAverageLine, mark, median, ratio, stat } from './report.ts';
import type { Stat } from './report.ts';
import type { Target } from './targets.ts';

const DOC = 'long-60.pdf';
const PAGES = 60;
const JUMP_TO = 40;
/** Pages 1 to this one, turned with `Next page`, for the bytes row. */
const BYTES_PAGES = 10;
const QUIET_WAIT_MS = 5_000;

export const MODES = ['anchor', 'normal', 'viewOnly'] as const;
export type Mode = (typeof MODES)[number];
const MODE_LABEL: Record<Mode, string> = {
  anchor: 'anchor (pdf.js)',
  normal: 'Folio, normal',
  viewOnly: 'Folio, view only',
};

/** Targets of the view-only mode (the issue's "must show"): against the anchor, the normal mode. */
const PIXELS_TARGET: Target = {
  text: 'view only ≤ anchor',
  meets: (viewOnly, anchor) => viewOnly <= anchor,
};
const JUMP_TARGET: Target = {
  text: 'view only ≤ 1.5× normal',
  meets: (viewOnly, normal) => viewOnly <= 1.5 * normal,
};

/** Sixty US Letter pages of text (a report's shape), each page's number in large type. */
async function reportPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let n = 1; n <= PAGES; n += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Section ${String(n)}`, { x: 72, y: 700, size: 32, font });
    for (let line = 0; line < 36; line += 1) {
      const words = `paragraph ${String(line + 1)} of page ${String(n)}, set in a plain serif face`;
      page.drawText(words, { x: 72, y: 650 - line * 16, size: 11, font });
    }
  }
  return pdf.save();
}

/** Bytes received, by request: the larger of the chunks counted and the finished total. */
function countBytes(cdp: CDPSession): () => { all: number; documents: number } {
  const chunks = new Map<string, number>();
  const totals = new Map<string, number>();
  const documentRequests = new Set<string>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (request.url.includes('/api/documents/')) documentRequests.add(requestId);
  });
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    chunks.set(requestId, (chunks.get(requestId) ?? 0) + encodedDataLength);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    totals.set(requestId, encodedDataLength);
  });
  return () => {
    let all = 0;
    let documents = 0;
    for (const id of new Set([...chunks.keys(), ...totals.keys()])) {
      const bytes = Math.max(chunks.get(id) ?? 0, totals.get(id) ?? 0);
      all += bytes;
      if (documentRequests.has(id)) documents += bytes;
    }
    return { all, documents };
  };
}

interface BytesResult {
  /** kB (1000 bytes) received on the wire, every request; null when the walk failed. */
  allKB: number | null;
  /** Of those, the document's (`/api/documents/…`: the PDF's ranges, page images, previews). */
  documentKB: number | null;
  missing: string | null;
}

/** Opens `url` on loopback, turns to page BYTES_PAGES with `Next page`, then sums what came. */
async function bytesThroughPages(browser: Browser, url: string): Promise<BytesResult> {
  const { context, page } = await openPage(browser);
  const failed = (why: string): BytesResult => ({ allKB: null, documentKB: null, missing: why });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const received = countBytes(cdp);
    if (!(await openAtFirstPaint(page, url))) return failed('page 1 not painted');
    const point = await nextPagePoint(page);
    if (point === null) return failed('no visible "Next page" button');
    for (let n = 2; n <= BYTES_PAGES; n += 1) {
      await turnPage(page, point, n, LIMITS.visitJumpMs);
    }
    // What was asked for on the way arrives: the pages near page 10 included, as a reader's would.
    await new Promise((resolve) => setTimeout(resolve, LIMITS.settleMs));
    const { all, documents } = received();
    return {
      allKB: Math.round(all / 100) / 10,
      documentKB: Math.round(documents / 100) / 10,
      missing: null,
    };
  } catch (error) {
    return failed(sessionFailed(error));
  } finally {
    await context.close();
  }
}

interface LinkResult {
  link: LinkName;
  runs: Record<Mode, RunResult[]>;
}

function table(links: LinkResult[], bytes: Record<Mode, BytesResult[]>): string {
  const lines = [
    `| link | metric | ${MODES.map((m) => MODE_LABEL[m]).join(' | ')} | view only / anchor | view only / normal | target |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { link, runs } of links) {
    const row = (label: string, metric: 'pixelsMs' | 'jumpLastMs', target: Target) => {
      const [a, n, v] = MODES.map((m) => stat(runs[m], metric));
      const against = metric === 'pixelsMs' ? a.median : n.median;
      lines.push(
        `| ${linkLabel(link)}, warm | ${label} | ${cell(a, 'ms')} | ${cell(n, 'ms')} | ${cell(v, 'ms')} | ${ratio(v.median, a.median)} | ${ratio(v.median, n.median)} | ${mark(target, v.median, against)} |`,
      );
    };
    row('first page pixels', 'pixelsMs', PIXELS_TARGET);
    row(`jump to page ${String(JUMP_TO)}`, 'jumpLastMs', JUMP_TARGET);
  }
  const bytesStat = (mode: Mode, pick: (b: BytesResult) => number | null): Stat => {
    const values = bytes[mode].map(pick);
    const present = values.filter((v): v is number => v !== null);
    const missing = bytes[mode].find((b) => b.missing !== null)?.missing ?? 'not measured';
    return { median: median(present), values, ...(present.length === 0 ? { missing } : {}) };
  };
  const bytesRow = (label: string, pick: (b: BytesResult) => number | null) => {
    const [a, n, v] = MODES.map((m) => bytesStat(m, pick));
    lines.push(
      `| loopback, warm | ${label} | ${cell(a, 'kB')} | ${cell(n, 'kB')} | ${cell(v, 'kB')} | ${ratio(v.median, a.median)} | ${ratio(v.median, n.median)} |  |`,
    );
  };
  if (MODES.some((m) => bytes[m].length > 0)) {
    bytesRow(`bytes received, pages 1–${String(BYTES_PAGES)} (all)`, (b) => b.allKB);
    bytesRow(`↳ of them the document's (/api/documents/)`, (b) => b.documentKB);
  }
  return lines.join('\n');
}

export async function viewOnlyBench({
  runs,
  build,
  links,
}: {
  runs: number;
  build: boolean;
  links: LinkName[];
}): Promise<void> {
  const started = Date.now();
  const log = (line: string) => {
    console.log(`[bench --view-only ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
  };
  const folioDir = path.join(ROOT, 'dist');
  const anchorDir = path.join(OUT, 'anchor');
  await folioDist(folioDir, build, log);
  await anchorDist(anchorDir, build, log);

  const root = mkdtempSync(path.join(os.tmpdir(), 'folio-bench-view-only-'));
  const docsDir = path.join(root, 'docs');
  mkdirSync(docsDir);
  writeFileSync(path.join(docsDir, DOC), await reportPdf());
  // A watermark with the reader's name: drawn into the images on the server in view-only mode, in
  // the browser in the normal mode (docs/server.md, "View only").
  writeFileSync(
    path.join(docsDir, `${DOC}.json`),
    JSON.stringify({
      title: 'Report',
      watermarkInfo: { text: '{name}', fontSize: 24, color: 'rgba(0, 0, 255, 0.3)' },
      param: { download: true, print: true },
    }),
  );
  const keys = await generateKeyPair('RS256', { extractable: true });
  const keysFile = path.join(root, 'keys.pem');
  writeFileSync(keysFile, await exportSPKI(keys.publicKey));
  const sign = (key: CryptoKey, perm: string[]) =>
    new SignJWT({ doc: DOC, name: 'Bench Reader', perm })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setExpirationTime('2h')
      .sign(key);
  const tokens = {
    normal: await sign(keys.privateKey, ['download', 'print']),
    viewOnly: await sign(keys.privateKey, ['print']),
  };

  const folio = await startNpmServer(
    'serve',
    {
      DIST_DIR: folioDir,
      DOCS_DIR: docsDir,
      CACHE_DIR: path.join(root, 'cache'),
      AUTH_PUBLIC_KEYS: keysFile,
      VIEW_ONLY: 'auto',
      BASE_PATH: '/',
    },
    '/api/health',
    // Its request log stays out of the bench's output.
    { capture: true },
  );
  const anchor = await startServer({
    port: 0,
    host: '127.0.0.1',
    basePath: '/',
    docsDir,
    cacheDir: path.join(root, 'anchor-cache'),
    distDirs: [anchorDir],
  });
  const anchorBase = anchor.url.replace('//localhost:', '//127.0.0.1:');
  const url = (mode: Mode, link: LinkName): string =>
    mode === 'anchor'
      ? `${anchorBase}?doc=${DOC}${PROFILES[link].device.mobile ? '&zoom=page-width' : ''}`
      : `${folio.url}/?doc=${DOC}&lang=en#token=${tokens[mode]}`;
  log(`npm run serve on ${folio.url}, anchor on ${anchorBase}`);
  log(loadAverageLine());

  const browser = await launchChromium();
  const results: LinkResult[] = [];
  const bytes: Record<Mode, BytesResult[]> = { anchor: [], normal: [], viewOnly: [] };
  const session = (mode: Mode, link: LinkName) =>
    runSession(browser, {
      side: mode === 'anchor' ? 'anchor' : 'folio',
      url: url(mode, link),
      pages: PAGES,
      profile: PROFILES[link],
      firstViewOnly: false,
      jumpTo: JUMP_TO,
      jumpOnly: true,
    });
  try {
    for (const link of links) {
      const entry: LinkResult = { link, runs: { anchor: [], normal: [], viewOnly: [] } };
      results.push(entry);
      // Warm: each Folio mode once, untimed, exactly as timed, so the server has drawn its images.
      for (const mode of ['normal', 'viewOnly'] as const) {
        const primed = await session(mode, link);
        if (primed.pixelsMs === null || primed.jumpLastMs === null) {
          log(
            `${linkLabel(link)} ${MODE_LABEL[mode]}: the priming session did not paint pages 1 and ${String(JUMP_TO)}`,
          );
        }
      }
      for (let run = 1; run <= runs; run += 1) {
        // Each mode leads in turn, so a load rising or falling favours none.
        const order = MODES.map((_, i) => MODES[(i + run - 1) % MODES.length] ?? 'anchor');
        for (const mode of order) {
          const busy = await waitForQuiet(QUIET_WAIT_MS);
          const at = Date.now();
          const result = await session(mode, link);
          result.busyBefore = busy;
          result.sessionS = Math.round((Date.now() - at) / 100) / 10;
          entry.runs[mode].push(result);
          const v = (n: number | null) => (n === null ? 'n/a' : `${String(n)} ms`);
          const why = result.missing.pixelsMs ?? result.missing.jumpLastMs;
          log(
            `${linkLabel(link)} run ${String(run)}/${String(runs)} ${MODE_LABEL[mode]}: pixels ${v(result.pixelsMs)}, jump to ${String(JUMP_TO)} ${v(result.jumpLastMs)}, session ${String(result.sessionS)} s${busy > 0.25 ? ` [CPU ${String(Math.round(busy * 100))} % busy at start]` : ''}${why === undefined ? '' : ` (${why})`}`,
          );
        }
        if (link === 'loopback') {
          for (const mode of order) {
            await waitForQuiet(QUIET_WAIT_MS);
            const walked = await bytesThroughPages(browser, url(mode, 'loopback'));
            bytes[mode].push(walked);
            log(
              `pages 1–${String(BYTES_PAGES)} run ${String(run)} ${MODE_LABEL[mode]}: ${walked.allKB === null ? `n/a (${walked.missing ?? ''})` : `${String(walked.allKB)} kB, document ${String(walked.documentKB)} kB`}`,
            );
          }
        }
      }
    }
  } finally {
    await browser.close();
    await anchor.close();
    await folio.stop();
    rmSync(root, { recursive: true, force: true });
  }
  const durationS = Math.round((Date.now() - started) / 1000);
  console.log(
    `\nView only (${DOC}, ${String(PAGES)} pages), warm, medians of ${String(runs)} run(s):\n\n${table(results, bytes)}\n`,
  );
  log(`${loadAverageLine()}; ${String(durationS)} s in all`);
  writeFileSync(
    path.join(OUT, 'view-only-results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), loadAverage: os.loadavg(), durationS, runs, results, bytes }, null, 2)}\n`,
  );
  log('results: bench/.out/view-only-results.json');
}
