// `npm run bench`: Folio's production build (served by the preview server, contracts §2) against a
// bare pdf.js PDFViewer page (bench/anchor/) in the same run, on the same documents, in headless
// Chromium, one page at a time. See bench/README.md.
//
//   npm run bench -- [--runs N] [--series-runs N] [--docs tracemonkey,text-1000,image-200]
//                    [--links loopback,20mbit,5mbit,phone] [--temps cold,warm] [--first-view]
//                    [--no-build] [--write-docs] [--split-cores]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { startServer } from '../server/app.ts';
import type { RunningServer } from '../server/app.ts';
import { launchChromium } from '../browser-tests/support/chromium.ts';
import { anchorDist, buildFolio } from './build.ts';
import { DOCS_DIR, OUT, ROOT, prepareDocs, selectDocs } from './docs.ts';
import { printBench } from './print.ts';
import { idleBench } from './idle.ts';
import { sourcesBench } from './sources.ts';
import { conversionsBench } from './conversions.ts';
import { viewOnlyBench } from './view-only.ts';
import { archivesBench } from './archive-rows.ts';
import { drawnBench } from './drawn-rows.ts';
import { mediaBench } from './media-rows.ts';
import { sheetsBench } from './sheet-rows.ts';
import { LIMITS, runSession } from './measure.ts';
import { clearPreviews, facilityNamesPreviews, primeByLoading } from './previews.ts';
import { DEFAULT_LINKS, LINK_NAMES, PROFILES, TEMPS, linkLabel, parseList } from './profiles.ts';
import type { LinkName, Temp } from './profiles.ts';
import { waitForQuiet } from './quiet.ts';
import { BROWSER_CPU, SERVER_CPU, canSplitCores, chromiumOnCpu, pinSelf } from './cores.ts';
import { SERIES, dataMB, growth, runHeapSeries } from './series.ts';
import type { RunResult, Side } from './measure.ts';
import type { SeriesResult } from './series.ts';
import { pdfjsVersion } from './anchor/webpack.config.ts';
import {
  allSessions,
  machineLine,
  markdownReport,
  markdownTable,
  scriptBytes,
  timePerRun,
  writeBenchSection,
} from './report.ts';
import type { BenchResults, DocResult, Machine } from './report.ts';

/**
 * Runs stop being started once the timed sessions have taken this per link so far (counted from
 * the first session, not from the builds), so a stuck machine cannot stretch the bench for hours.
 */
const BUDGET_MS = 13 * 60_000;
/** Waiting for an idle CPU before a session: at most this per session, and in all. */
const QUIET_WAIT_MS = 5_000;
const QUIET_TOTAL_MS = 60_000;
const FOLIO_DIST = path.join(ROOT, 'dist');
const ANCHOR_DIST = path.join(OUT, 'anchor');

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'series-runs': { type: 'string', default: '1' },
    docs: { type: 'string' },
    links: { type: 'string', default: DEFAULT_LINKS.join(',') },
    temps: { type: 'string', default: TEMPS.join(',') },
    'first-view': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'write-docs': { type: 'boolean', default: false },
    'split-cores': { type: 'boolean', default: false },
    print: { type: 'boolean', default: false },
    idle: { type: 'boolean', default: false },
    sources: { type: 'boolean', default: false },
    conversions: { type: 'boolean', default: false },
    'view-only': { type: 'boolean', default: false },
    archives: { type: 'boolean', default: false },
    drawn: { type: 'boolean', default: false },
    media: { type: 'boolean', default: false },
    sheets: { type: 'boolean', default: false },
    'pdf-runs': { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  console.log(
    `npm run bench -- [--runs N] [--series-runs N] [--docs tracemonkey,text-1000,image-200] [--links ${LINK_NAMES.join(',')}] [--temps cold,warm] [--first-view] [--no-build] [--write-docs] [--split-cores]\n` +
      'npm run bench -- --print [--runs N] [--no-build]   (print 200 scanned pages, bench/print.ts)\n' +
      'npm run bench -- --idle [--runs N] [--no-build]    (memory after reading and a pause, bench/idle.ts)\n' +
      'npm run bench -- --sources [--runs N] [--no-build] (documents at an HTTP origin, bench/sources.ts)\n' +
      'npm run bench -- --conversions [--runs N] [--no-build] (a 50-page .docx, a 5 000-row .csv, bench/conversions.ts)\n' +
      'npm run bench -- --view-only [--runs N] [--links loopback,20mbit,phone] [--no-build] (view only vs normal vs anchor, bench/view-only.ts)\n' +
      'npm run bench -- --archives [--runs N] [--no-build] (a 10 000-entry listing, a PDF inside a 200 MB zip, bench/archive-rows.ts)\n' +
      'npm run bench -- --drawn [--runs N] [--no-build] (a 10-page OFD and a 5 MB DXF drawn as pages, cold, bench/drawn-rows.ts)\n' +
      'npm run bench -- --media [--runs N] [--no-build] (a 100 MB MP4 and a transcoded AVI at 20 Mbit/s, bench/media-rows.ts)\n' +
      'npm run bench -- --sheets [--runs N] [--pdf-runs N] [--no-build] (a 50 000-row .xlsx and a 1 000 000-row .csv as grids, bench/sheet-rows.ts)',
  );
  process.exit(0);
}
if (flags.print) {
  await printBench({ runs: Number(flags.runs), build: !flags['no-build'] });
  process.exit(0);
}
if (flags.idle) {
  await idleBench({ runs: Number(flags.runs), build: !flags['no-build'] });
  process.exit(0);
}
if (flags.sources) {
  await sourcesBench({ runs: Number(flags.runs), build: !flags['no-build'] });
  process.exit(0);
}
if (flags.conversions) {
  await conversionsBench({ runs: Number(flags.runs), build: !flags['no-build'] });
  process.exit(0);
}
if (flags.archives) {
  await archivesBench({ runs: Number(flags.runs), build: !flags['no-build'] });
  process.exit(0);
}
if (flags.drawn) {
  await drawnBench({ runs: Number(flags.runs), build: !flags['no-build'] });
  process.exit(0);
}
if (flags.sheets) {
  await sheetsBench({
    runs: Number(flags.runs),
    build: !flags['no-build'],
    pdfRuns: Number(flags['pdf-runs']),
  });
  process.exit(0);
}
if (flags.media) {
  await mediaBench({ runs: Number(flags.runs), build: !flags['no-build'] });
  process.exit(0);
}
if (flags['view-only']) {
  await viewOnlyBench({
    runs: Number(flags.runs),
    build: !flags['no-build'],
    links: parseList('links', flags.links, LINK_NAMES),
  });
  process.exit(0);
}
const runs = Number(flags.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  throw new Error(`--runs must be a whole number from 1 to 20, not "${flags.runs}"`);
}
if (runs < 3)
  console.warn(
    `--runs ${runs}: medians of fewer than 3 runs are not what bench/README.md ("Targets") asks for`,
  );
const seriesRuns = Number(flags['series-runs']);
if (!Number.isInteger(seriesRuns) || seriesRuns < 0 || seriesRuns > 5) {
  throw new Error(
    `--series-runs must be a whole number from 0 to 5, not "${flags['series-runs']}"`,
  );
}

const links: LinkName[] = parseList('links', flags.links, LINK_NAMES);
const temps: Temp[] = parseList('temps', flags.temps, TEMPS);

const started = Date.now();
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string): void => {
  console.log(`[bench ${elapsed()}] ${line}`);
};

mkdirSync(OUT, { recursive: true });
const selected = selectDocs(flags.docs);
const docs = await prepareDocs(selected);
for (const doc of docs) log(`${doc.id}: ${doc.source}`);

if (flags['no-build']) {
  if (!existsSync(path.join(FOLIO_DIST, 'index.html'))) {
    throw new Error(
      '--no-build: dist/index.html is missing; run npm run build (or drop --no-build)',
    );
  }
  log('--no-build: reusing dist/');
} else {
  log('building Folio (production) into dist/ …');
  await buildFolio(FOLIO_DIST);
}
await anchorDist(ANCHOR_DIST, !flags['no-build'], log);
const scripts = { anchor: scriptBytes(ANCHOR_DIST), folio: scriptBytes(FOLIO_DIST) };
log(`initial script, gzip: anchor ${scripts.anchor.gzip} B, Folio ${scripts.folio.gzip} B`);

// The servers on one core, Chromium alone on the other (bench/cores.ts). Pinned once the builds
// are done (they may use both), before the servers start (their threads and children inherit it).
let splitCores: string | undefined;
if (flags['split-cores']) {
  const cannot = canSplitCores();
  if (cannot !== undefined) throw new Error(`--split-cores: ${cannot}`);
  pinSelf(SERVER_CPU);
  splitCores = `servers on CPU ${String(SERVER_CPU)}, Chromium on CPU ${String(BROWSER_CPU)} (taskset)`;
  log(`--split-cores: ${splitCores}`);
}
// The bench's own CACHE_DIR, so that cold means cold whatever else runs on the machine.
const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'folio-bench-cache-'));
const servers: RunningServer[] = [];
const serve = async (distDir: string): Promise<string> => {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    basePath: '/',
    docsDir: DOCS_DIR,
    cacheDir,
    distDirs: [distDir],
    simulate: true,
  });
  servers.push(server);
  return server.url.replace('//localhost:', '//127.0.0.1:');
};
const bases: Record<Side, string> = {
  folio: await serve(FOLIO_DIST),
  anchor: await serve(ANCHOR_DIST),
};
log(`Folio on ${bases.folio}, anchor on ${bases.anchor}`);

// Warm the facility (its metadata cache, the files in the OS cache) before anything is timed:
// a real facility has a document's facts ready when a reader opens its link.
for (const doc of docs) {
  for (const base of Object.values(bases)) {
    const meta = await fetch(new URL(`api/documents/${encodeURIComponent(doc.id)}`, base));
    if (!meta.ok) throw new Error(`facility: ${doc.id} answered ${meta.status}`);
    await meta.arrayBuffer();
    const content = await fetch(
      new URL(`api/documents/${encodeURIComponent(doc.id)}/content`, base),
    );
    await content.arrayBuffer();
  }
}
// And the page itself: a server that has run a while has served it before, so that the first
// timed run's first byte is not a just-started process's, slow enough to read as far to the boot
// (src/boot/earlyRequests.ts nearServer) when every later run reads near.
for (const base of Object.values(bases)) await (await fetch(base)).arrayBuffer();

const browser = await launchChromium(
  flags['split-cores'] ? chromiumOnCpu(BROWSER_CPU, OUT) : undefined,
);
const machine: Machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
  memoryGB: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  chromium: browser.version(),
  pdfjsDist: pdfjsVersion,
  node: process.version,
  ...(splitCores !== undefined && { cores: splitCores }),
};
log(`machine: ${machineLine(machine)}`);

const notes: string[] = [];
const results: DocResult[] = [];
const shotDoc = docs.find((d) => d.name === 'text-1000') ?? docs[0];
// On a phone Folio fits the page's width; the anchor is asked for its page-width zoom to match.
const url = (side: Side, id: string, link: LinkName): string =>
  `${bases[side]}?doc=${encodeURIComponent(id)}${side === 'folio' ? '&lang=en' : PROFILES[link].device.mobile ? '&zoom=page-width' : ''}`;

function summary(r: RunResult): string {
  const v = (n: number | null, unit = ''): string => (n === null ? 'n/a' : `${n}${unit}`);
  const firstMissing = Object.values(r.missing).at(0);
  return [
    `pixels ${v(r.pixelsMs, ' ms')}`,
    `canvas ${v(r.firstPaintMs, ' ms')}`,
    `controls ${v(r.controlsMs, ' ms')}`,
    `last ${v(r.jumpLastMs, ' ms')}`,
    `canvases ${v(r.canvases)}`,
    `heap ${v(r.heapMB, ' MB')}`,
    `long tasks ${v(r.longTasks)}/${v(r.longTaskMs, ' ms')}`,
    ...(firstMissing === undefined ? [] : [`(${firstMissing})`]),
  ].join(', ');
}

// Read once the builds are done and the facility is warm: what the sessions start on.
await waitForQuiet(QUIET_TOTAL_MS);
const loadAverageStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
log(`load average ${loadAverageStart.join(', ')}`);
if ((loadAverageStart[0] ?? 0) > 1) {
  console.warn(
    'WARNING: the load average is above 1: a loaded machine hides fixed costs, so this run is noise, not a result.',
  );
}
/** One column of a row's runs: the anchor's, or Folio's cold or warm ones. */
interface Session {
  side: Side;
  temp?: Temp;
  firstViewOnly: boolean;
  runs: RunResult[];
}
let quietSpent = 0;
/** Waits (≤ 5 s, ≤ 60 s in all) for mostly idle CPUs; how busy they were. */
async function quiet(): Promise<number> {
  const waitStart = Date.now();
  const busy = await waitForQuiet(
    Math.min(QUIET_WAIT_MS, Math.max(0, QUIET_TOTAL_MS - quietSpent)),
  );
  quietSpent += Date.now() - waitStart;
  return busy;
}
const sessionsStarted = Date.now();
try {
  for (const [linkIndex, link] of links.entries()) {
    const profile = PROFILES[link];
    for (const doc of docs) {
      const previews = await facilityNamesPreviews(`${bases.folio}api/`, doc.id);
      log(`${doc.name}: the facility ${previews ? 'names' : 'names no'} previews`);
      // Whether the previews the viewer asks for on this screen are in the cache.
      let warm = false;
      // One row per temperature; the anchor has no previews, so its runs serve every row of it.
      const anchorRuns: RunResult[] = [];
      const entries = temps.map((temp) => {
        const entry: DocResult = {
          doc,
          link,
          temp,
          // Cold sessions stop at the first view: the walk after it is the warm row's.
          firstViewOnly: flags['first-view'] || profile.firstViewOnly || temp === 'cold',
          runs: { anchor: anchorRuns, folio: [] },
        };
        results.push(entry);
        return entry;
      });
      const folio: Session[] = entries.map((entry) => ({
        side: 'folio',
        temp: entry.temp,
        firstViewOnly: entry.firstViewOnly,
        runs: entry.runs.folio,
      }));
      const anchor: Session = {
        side: 'anchor',
        // It walks when some Folio row walks, to compare with.
        firstViewOnly: folio.every((f) => f.firstViewOnly),
        runs: anchorRuns,
      };
      for (let run = 1; run <= runs; run += 1) {
        // Alternate whether the anchor goes first or last, so neither side always runs on a
        // warmer machine. A cold session comes right before the warm one, which first loads the
        // page once, untimed, on the same screen: the previews it asks for are then rendered.
        const order = run % 2 === 1 ? [anchor, ...folio] : [...folio, anchor];
        for (const { side, temp, firstViewOnly, runs: own } of order) {
          const label = `${doc.name} ${linkLabel(link)} run ${run}/${runs} ${side}${temp === undefined ? '' : `, ${temp}`}`;
          if (Date.now() - sessionsStarted > BUDGET_MS * (linkIndex + 1)) {
            notes.push(
              `${label}: skipped, the bench's ${BUDGET_MS / 60_000} minutes per link were spent`,
            );
            continue;
          }
          const previous = own.at(0);
          if (previous?.notes.includes('no [data-page-number] element on the page')) {
            // The side shows no pages at all (e.g. no engine yet): repeating it only costs time.
            own.push({ ...previous, sessionS: null, notes: ['same as run 1 (not repeated)'] });
            continue;
          }
          // Quiet first: a render still running when its folder is deleted would fail, and the
          // server would not retry that page for minutes.
          let busy = await quiet();
          if (temp === 'cold') {
            clearPreviews(cacheDir);
            warm = false;
          }
          if (temp === 'warm' && previews && !warm) {
            const primeUrl = url('folio', doc.id, link);
            if (!(await primeByLoading(browser, primeUrl, profile.device))) {
              notes.push(`${label}: the priming load did not paint page 1`);
            }
            warm = true;
            busy = await quiet();
          }
          const shot =
            run === 1 && doc === shotDoc && (linkIndex === 0 || profile.device.mobile)
              ? path.join(
                  OUT,
                  `${side}-${doc.name}${profile.device.mobile ? '-phone' : ''}${temp === undefined ? '' : `-${temp}`}.png`,
                )
              : undefined;
          const sessionStart = Date.now();
          const result = await runSession(browser, {
            side,
            url: url(side, doc.id, link),
            pages: doc.pages,
            profile,
            firstViewOnly,
            ...(shot === undefined ? {} : { screenshot: shot }),
          });
          result.busyBefore = busy;
          result.sessionS = Math.round((Date.now() - sessionStart) / 100) / 10;
          own.push(result);
          // Cold, pdf.js may simply come first; warm, a preview was rendered and should show.
          if (
            temp === 'warm' &&
            previews &&
            result.firstPaintMs !== null &&
            result.previewMs === null
          ) {
            notes.push(
              `${label}: no preview of page 1 painted, though the facility names previews`,
            );
          }
          log(
            `${label}: ${summary(result)}, session ${result.sessionS} s${busy > 0.25 ? ` [CPU ${Math.round(busy * 100)} % busy at start]` : ''}`,
          );
          for (const note of result.notes) log(`  ${note}`);
        }
      }
    }
  }

  // The heap series after every timed run, so it never eats into their budget.
  const seriesEntry = results.find(
    (r) => r.link === 'loopback' && r.doc.name === SERIES.doc && !r.firstViewOnly,
  );
  if (seriesEntry && seriesRuns > 0) {
    const series: Record<Side, SeriesResult[]> = { anchor: [], folio: [] };
    seriesEntry.series = series;
    for (let run = 1; run <= seriesRuns; run += 1) {
      const order: Side[] = run % 2 === 1 ? ['anchor', 'folio'] : ['folio', 'anchor'];
      for (const side of order) {
        const busy = await quiet();
        const result = await runHeapSeries(browser, {
          url: url(side, seriesEntry.doc.id, 'loopback'),
          pages: seriesEntry.doc.pages,
        });
        result.busyBefore = busy;
        series[side].push(result);
        const heaps = result.heapMB
          .map((h, i) => {
            const code = result.codeMB[i] ?? null;
            const of = code === null ? '' : ` (code ${code} MB)`;
            return `${SERIES.marks[i] ?? '?'} p. ${h === null ? 'n/a' : `${h} MB${of}`}`;
          })
          .join(', ');
        log(
          `heap series ${run}/${seriesRuns} ${side}: ${heaps}, rise ${growth(result.heapMB) ?? 'n/a'} MB, less code ${growth(dataMB(result)) ?? 'n/a'} MB, walk ${result.walkS ?? 'n/a'} s${result.missing === null ? '' : ` (${result.missing})`}`,
        );
        for (const note of result.notes) log(`  ${note}`);
      }
    }
  } else if (seriesRuns > 0) {
    log(`heap series skipped: it runs on ${SERIES.doc} with loopback among the links`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
  rmSync(cacheDir, { recursive: true, force: true });
}

for (const side of ['folio', 'anchor'] as const) {
  const blank = results.filter((r) =>
    r.runs[side].at(0)?.notes.includes('no [data-page-number] element on the page'),
  );
  if (blank.length > 0) {
    notes.push(
      `${side === 'folio' ? 'Folio' : 'The anchor'} showed no page element (\`[data-page-number]\`) for ${blank.map((r) => r.doc.name).join(', ')} within ${LIMITS.firstPaintMs / 1000} s: its page engine paints nothing yet.`,
    );
  }
}

for (const { series } of results) {
  if (!series) continue;
  const walks = [...series.anchor, ...series.folio].map((r) => r.walkS);
  const done = walks.filter((w): w is number => w !== null);
  const last = SERIES.marks.at(-1) ?? 0;
  notes.push(
    `Heap series (loopback only): ${seriesRuns} run${seriesRuns === 1 ? '' : 's'} per side; walking ${last} pages took ${done.length === 0 ? 'n/a' : `${Math.min(...done)}–${Math.max(...done)} s`} per session${done.length < walks.length ? ` (${walks.length - done.length} did not finish)` : ''}.`,
  );
}

const sessions = allSessions(results);
const busySessions = sessions.filter((r) => r.busyBefore !== null && r.busyBefore > 0.25).length;
if (busySessions > 0) {
  notes.push(
    `${busySessions} of ${sessions.length} sessions started while other work kept the CPUs more than 25 % busy (waited up to ${QUIET_WAIT_MS / 1000} s each for quiet): those numbers are noisier.`,
  );
}

const perRun = timePerRun(results);
if (perRun.length > 0) {
  notes.push(
    `Time a run took, all its sessions together (the anchor's, Folio's cold and warm): ${perRun.join('; ')}.`,
  );
}

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}
const dirty = git(
  'status',
  '--porcelain',
  '--',
  'src',
  'config',
  'webpack.config.js',
  'package.json',
);
const commit = `${git('rev-parse', '--short', 'HEAD') || 'unknown'}${dirty === '' ? '' : ' + uncommitted changes in the working tree'}`;

const report: BenchResults = {
  date: new Date().toISOString().slice(0, 10),
  command: [
    'npm run bench',
    ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
  ].join(' '),
  runs,
  seriesRuns,
  commit,
  loadAverageStart,
  loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  durationS: (Date.now() - started) / 1000,
  machine,
  scripts,
  docs: results,
  notes,
};
writeFileSync(path.join(OUT, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${markdownTable(report)}\n`);
for (const note of notes) console.log(`- ${note}`);
log(`results: bench/.out/results.json`);

if (flags['write-docs']) {
  const doc = path.join(ROOT, 'docs', 'benchmarks.md');
  writeBenchSection(doc, markdownReport(report));
  const options = await prettier.resolveConfig(doc);
  const formatted = await prettier.format(readFileSync(doc, 'utf8'), {
    ...options,
    filepath: doc,
  });
  writeFileSync(doc, formatted);
  log('docs/benchmarks.md: benchmark section updated');
}
