// Medians, ratios, targets (bench/README.md, "Targets"), the markdown table, results.json and the
// section of docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { BenchDoc } from './docs.ts';
import type { Metric, RunResult, Side } from './measure.ts';
import { LINK_NAMES, rowLabel } from './profiles.ts';
import type { LinkName, Temp } from './profiles.ts';
import { SERIES, dataMB, growth } from './series.ts';
import type { SeriesResult } from './series.ts';
import { HEAP_TARGET, canvasTarget, controlsTarget, pixelsTarget } from './targets.ts';
import type { RowContext, Target } from './targets.ts';

export interface ScriptBytes {
  files: string[];
  raw: number;
  gzip: number;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  os: string;
  chromium: string;
  pdfjsDist: string;
  node: string;
  /** How the cores were shared, with `--split-cores` (bench/cores.ts). */
  cores?: string;
}

export interface DocResult {
  doc: BenchDoc;
  link: LinkName;
  /** Folio's previews not rendered before each run (cold), or rendered (warm). */
  temp: Temp;
  /** Folio's sessions ended after the first view: the walk's rows are not shown. */
  firstViewOnly: boolean;
  /** The anchor's runs are shared by the rows of a document and profile (it has no previews). */
  runs: Record<Side, RunResult[]>;
  /** The heap series (series.ts): text-1000 on loopback only. */
  series?: Record<Side, SeriesResult[]>;
}

export interface BenchResults {
  date: string;
  command: string;
  runs: number;
  /** Heap series runs per side (series.ts). */
  seriesRuns: number;
  /** The Folio commit measured (`+ uncommitted changes` when the working tree differed). */
  commit: string;
  /** os.loadavg() when the run started, and at its end. */
  loadAverageStart: number[];
  loadAverage: number[];
  durationS: number;
  machine: Machine;
  scripts: Record<Side, ScriptBytes>;
  docs: DocResult[];
  notes: string[];
}

export interface Stat {
  median: number | null;
  values: (number | null)[];
  /** Why the metric is missing, when no run has it. */
  missing?: string;
}

/** A duration for a log line or table: whole milliseconds, or n/a when it was not measured. */
export function msOrNa(value: number | null): string {
  return value === null ? 'n/a' : `${String(Math.round(value))} ms`;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
}

/** The median of the runs' values; when none has one, the first reason given. */
function statOf(values: (number | null)[], reasons: (string | null | undefined)[]): Stat {
  const present = values.filter((v): v is number => v !== null);
  const result: Stat = { median: median(present), values };
  if (present.length === 0) result.missing = reasons.find(Boolean) ?? 'not measured';
  return result;
}

export function stat(runs: readonly RunResult[], metric: Metric): Stat {
  return statOf(
    runs.map((r) => r[metric]),
    runs.map((r) => r.missing[metric]),
  );
}

/** A figure of the heap series, per run (`pick`), over a side's series runs. */
export function seriesStat(
  runs: readonly SeriesResult[],
  pick: (run: SeriesResult) => number | null,
): Stat {
  return statOf(
    runs.map(pick),
    runs.map((r) => r.missing),
  );
}

// --- initial script bytes --------------------------------------------------------------------

/**
 * The entry scripts Folio's boot block (`<script id="folio-boot">`) loads: the build inlines the
 * boot as `(function (FOLIO_BUILD) {…})({"scripts":[…],…})` (webpack.config.js `inlineScript`).
 * The other lists (styles, lazy chunks to preload) are not entry scripts. An unknown shape throws
 * rather than guessing.
 */
function bootScripts(boot: string): string[] {
  const given = /\}\)\((\{[^\n]*\})\);\s*$/.exec(boot)?.[1];
  if (given === undefined)
    throw new Error('folio-boot: expected (function (FOLIO_BUILD) {…})({…})');
  const list: unknown = (JSON.parse(given) as { scripts?: unknown }).scripts;
  if (!Array.isArray(list) || !list.every((f) => typeof f === 'string')) {
    throw new Error('folio-boot: its scripts are not a list of file names');
  }
  return list;
}

/**
 * The scripts a page runs before any lazy chunk: the `<script src>` tags of its `index.html`
 * and, for Folio, the entry scripts its boot block adds under `window.routerBase`.
 */
export function entryScripts(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/gi)) {
    const src = match.at(1);
    if (src !== undefined) files.add(src);
  }
  const boot = /<script id="folio-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (boot !== undefined) for (const file of bootScripts(boot)) files.add(file);
  return [...files].filter((f) => !/^[a-z]+:/i.test(f)).map((f) => f.replace(/^\.?\//, ''));
}

/** Sizes of a build's entry scripts, raw and gzip (node:zlib, level 9). */
export function scriptBytes(distDir: string): ScriptBytes {
  const files = entryScripts(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  if (files.length === 0) throw new Error(`${distDir}/index.html names no entry script`);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(distDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

// --- the table -------------------------------------------------------------------------------

interface Row {
  label: string;
  metric: Metric;
  unit: string;
  /** Measured in a session that ends after the first view (cold rows, the phone). */
  firstView: boolean;
  target?: (context: RowContext) => Target | null;
}

const constant = (text: string, meets: Target['meets']) => (): Target => ({ text, meets });

export const ROWS: Row[] = [
  {
    label: 'first page pixels (preview or canvas)',
    metric: 'pixelsMs',
    unit: 'ms',
    firstView: true,
    target: pixelsTarget,
  },
  { label: '↳ preview painted', metric: 'previewMs', unit: 'ms', firstView: true },
  {
    label: 'first real canvas (pdf.js page 1)',
    metric: 'firstPaintMs',
    unit: 'ms',
    firstView: true,
    target: canvasTarget,
  },
  { label: '↳ PDF request starts', metric: 'pdfRequestMs', unit: 'ms', firstView: true },
  {
    label: '↳ CPU used by then (all of Chromium)',
    metric: 'cpuMs',
    unit: 'ms',
    firstView: true,
  },
  { label: '↳ bytes received before it', metric: 'wireKB', unit: 'kB', firstView: true },
  { label: '↳ of which JavaScript', metric: 'jsWireKB', unit: 'kB', firstView: true },
  {
    label: 'toolbar controls usable',
    metric: 'controlsMs',
    unit: 'ms',
    firstView: true,
    target: controlsTarget,
  },
  {
    label: '↳ toolbar bar shown',
    metric: 'barMs',
    unit: 'ms',
    firstView: true,
    target: constant('Folio ≤ 300 ms', (f) => f <= 300),
  },
  {
    label: '↳ layout shift (CLS) while loading',
    metric: 'layoutShift',
    unit: '',
    firstView: true,
    target: constant('Folio 0', (f) => f === 0),
  },
  {
    label: 'jump to last page',
    metric: 'jumpLastMs',
    unit: 'ms',
    firstView: false,
    target: constant('≤ 1.2× or ≤ +50 ms', (f, a) => f <= 1.2 * a || f - a <= 50),
  },
  {
    label: 'canvases alive after visiting',
    metric: 'canvases',
    unit: '',
    firstView: false,
    target: constant('Folio ≤ 20', (f) => f <= 20),
  },
  {
    label: 'JS heap after visiting',
    metric: 'heapMB',
    unit: 'MB',
    firstView: false,
    target: () => HEAP_TARGET,
  },
  { label: 'long tasks while scrolling', metric: 'longTasks', unit: '', firstView: false },
  { label: '↳ their total', metric: 'longTaskMs', unit: 'ms', firstView: false },
];

export function cell(s: Stat, unit: string): string {
  if (s.median === null) return `n/a (${s.missing ?? 'not measured'})`;
  const present = s.values.filter((v): v is number => v !== null);
  const spread = present.length > 1 ? ` (${Math.min(...present)}–${Math.max(...present)})` : '';
  const partial =
    present.length < s.values.length ? `, ${present.length} of ${s.values.length} runs` : '';
  return `${s.median}${unit === '' ? '' : ` ${unit}`}${spread}${partial}`;
}

export function ratio(folio: number | null, anchor: number | null): string {
  if (folio === null || anchor === null) return 'n/a';
  if (anchor === 0) return folio === 0 ? '1.00×' : '—';
  return `${(folio / anchor).toFixed(2)}×`;
}

/** The target cell: the target and ✅ / ❌ when both medians exist; empty without a target. */
export function mark(target: Target | null, folio: number | null, anchor: number | null): string {
  if (target === null) return '';
  if (folio === null || anchor === null) return `${target.text}: n/a`;
  return `${target.text} ${target.meets(folio, anchor) ? '✅' : '❌'}`;
}

/**
 * The heap series' rows: the heap after each mark, how far it rose, how much of that was V8's
 * compiled code, and the rest, which is what must stay flat (series.ts).
 */
function seriesRows(series: Record<Side, SeriesResult[]>): string[] {
  const row = (label: string, pick: (run: SeriesResult) => number | null, target?: Target) => {
    const a = seriesStat(series.anchor, pick);
    const f = seriesStat(series.folio, pick);
    const vs = target === undefined ? '—' : ratio(f.median, a.median);
    return `|  | ${label} | ${cell(a, 'MB')} | ${cell(f, 'MB')} | ${vs} | ${mark(target ?? null, f.median, a.median)} |`;
  };
  const first = SERIES.marks.at(0) ?? 1;
  return [
    ...SERIES.marks.map((pages, i) =>
      row(`JS heap after ${pages} pages in a row`, (r) => r.heapMB[i] ?? null, HEAP_TARGET),
    ),
    row(`↳ rise above ${first} pages (highest later − ${first})`, (r) => growth(r.heapMB)),
    row('↳ rise of V8 compiled code in it', (r) => growth(r.codeMB)),
    row('↳ rise of the rest (what pages could leave)', (r) => growth(dataMB(r)), {
      text: `flat: Folio ≤ +${SERIES.flatMB} MB`,
      meets: (folio: number) => folio <= SERIES.flatMB,
    }),
  ];
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** Every session once (a document's cold and warm rows share the anchor's runs). */
export function allSessions(docs: readonly DocResult[]): RunResult[] {
  return [...new Set(docs.flatMap((r) => [...r.runs.anchor, ...r.runs.folio]))];
}

/**
 * How long a run of each document took on each profile, all its sessions together (the anchor's
 * and Folio's cold and warm), in seconds: what a longer or shorter bench would cost.
 */
export function timePerRun(docs: readonly DocResult[]): string[] {
  const rows = new Map<string, { runs: number; sessions: Set<RunResult> }>();
  for (const r of docs) {
    const label = rowLabel(r.doc, r.link, undefined);
    const row = rows.get(label) ?? { runs: r.runs.anchor.length, sessions: new Set() };
    for (const session of [...r.runs.anchor, ...r.runs.folio]) row.sessions.add(session);
    rows.set(label, row);
  }
  return [...rows].flatMap(([label, { runs, sessions }]) => {
    const seconds = [...sessions].reduce((sum, r) => sum + (r.sessionS ?? 0), 0);
    return runs === 0 || seconds === 0 ? [] : [`${label}: ${String(Math.round(seconds / runs))} s`];
  });
}

export function markdownTable(results: BenchResults): string {
  const lines = [
    '| document, link | metric | pdf.js `PDFViewer` (anchor) | Folio | Folio / anchor | target |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const { doc, link, temp, firstViewOnly, runs, series } of results.docs) {
    const context: RowContext = {
      link,
      temp,
      anchorFirstPaint: stat(runs.anchor, 'firstPaintMs').median,
    };
    ROWS.filter((row) => row.firstView || !firstViewOnly).forEach((row, i) => {
      const a = stat(runs.anchor, row.metric);
      const f = stat(runs.folio, row.metric);
      const name = i === 0 ? rowLabel(doc, link, temp) : '';
      const target = row.target?.(context) ?? null;
      lines.push(
        `| ${name} | ${row.label} | ${cell(a, row.unit)} | ${cell(f, row.unit)} | ${ratio(f.median, a.median)} | ${mark(target, f.median, a.median)} |`,
      );
    });
    if (series) lines.push(...seriesRows(series));
  }
  const { anchor, folio } = results.scripts;
  const limit = 200_000;
  lines.push(
    `| (build) | initial script before lazy chunks, gzip | ${kB(anchor.gzip)} (${kB(anchor.raw)} raw) | ${kB(folio.gzip)} (${kB(folio.raw)} raw) | ${ratio(folio.gzip, anchor.gzip)} | Folio ≤ 200 kB ${folio.gzip <= limit ? '✅' : '❌'} |`,
  );
  return lines.join('\n');
}

/** The machine's load now, logged before a bench measures (docs/benchmarks.md: ratios need < 1). */
export function loadAverageLine(): string {
  return `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;
}

export function machineLine(m: Machine): string {
  return `${m.cpus} × ${m.cpuModel}, ${m.memoryGB} GB RAM, ${m.os}; Chromium ${m.chromium} (headless, Debian), pdfjs-dist ${m.pdfjsDist}, Node ${m.node}${m.cores === undefined ? '' : `; ${m.cores}`}`;
}

export function markdownReport(results: BenchResults): string {
  const seen = new Set<string>();
  const sources = results.docs
    .filter(({ doc }) => !seen.has(doc.id) && seen.add(doc.id))
    .map(({ doc }) => `- \`${doc.id}\`: ${doc.source}`)
    .join('\n');
  const notes = results.notes.map((n) => `- ${n}`).join('\n');
  return [
    `Measured ${results.date} on Folio ${results.commit} with \`${results.command}\` (${results.runs} runs per document and side, medians${results.seriesRuns > 0 ? `; heap series ${results.seriesRuns} per side, loopback only` : ''}; ${Math.round(results.durationS)} s in all).`,
    '',
    `Machine: ${machineLine(results.machine)}; load average at the start ${results.loadAverageStart.join(', ')}, at the end ${results.loadAverage.join(', ')}${(results.loadAverageStart[0] ?? 0) > 1 ? ' (above 1 at the start: a loaded machine hides fixed costs, so these ratios are noise, not a result)' : ''}.`,
    '',
    markdownTable(results),
    '',
    'Documents:',
    '',
    sources,
    ...(notes === '' ? [] : ['', 'Notes:', '', notes]),
    '',
    'How it is measured, and how to get `image-200.pdf`: [bench/README.md](../bench/README.md). Run it with',
    `\`npm run bench\` (\`-- --runs N\`, \`--docs text-1000,image-200\`, \`--links ${LINK_NAMES.join(',')}\`, \`--temps cold,warm\`, \`--first-view\`, \`--no-build\`, \`--write-docs\`).`,
  ].join('\n');
}

export const SECTION_START = '<!-- bench:start -->';
export const SECTION_END = '<!-- bench:end -->';

/** Replaces the bench section of docs/benchmarks.md (adding the markers when absent). */
export function writeBenchSection(file: string, section: string): void {
  let text = readFileSync(file, 'utf8');
  if (!text.includes(SECTION_START) || !text.includes(SECTION_END)) {
    text = `${text.trimEnd()}\n\n## Latest run\n\n${SECTION_START}\n${SECTION_END}\n`;
  }
  const start = text.indexOf(SECTION_START) + SECTION_START.length;
  const end = text.indexOf(SECTION_END);
  writeFileSync(file, `${text.slice(0, start)}\n\n${section}\n\n${text.slice(end)}`);
}
