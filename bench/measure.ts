// One measured session: a fresh browser context (cold cache) opens one document on one side and
// goes through the same steps on either side, every result read from outside the app (probe.ts,
// CDP), every wait bounded.
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { installProbe } from './probe.ts';
import type { JumpState, LongTaskTally, ProbeWindow } from './probe.ts';
import { DESKTOP } from './profiles.ts';
import type { Device, NetworkLink, Profile } from './profiles.ts';

export const LIMITS = {
  firstPaintMs: 30_000,
  jumpMs: 15_000,
  visitJumpMs: 10_000,
  /** Pages visited across the document before canvases and heap are counted. */
  visits: 20,
  /** Wheel steps after each visit. */
  visitScrollSteps: 2,
  /** Wheel steps of 400 px, 60 ms apart, while long tasks are counted; then 1 s to settle. */
  scrollSteps: 30,
  scrollDeltaPx: 400,
  scrollGapMs: 60,
  settleMs: 1000,
};

export type Side = 'anchor' | 'folio';

export interface RunResult {
  /** null: not measured; the reason is in `missing`. */
  firstPaintMs: number | null;
  /** The earlier of page 1's preview painted and its canvas painted, from navigation start. */
  pixelsMs: number | null;
  /** Page 1's preview painted (Element Timing), from navigation start; Folio only. */
  previewMs: number | null;
  jumpLastMs: number | null;
  canvases: number | null;
  /** Canvases inside `[data-page-number]` elements. */
  pageCanvases: number | null;
  heapMB: number | null;
  /** Array buffers and external strings (Runtime.getHeapUsage backingStorageSize). */
  backingMB: number | null;
  longTasks: number | null;
  longTaskMs: number | null;
  /** When the PDF's first request started (resource timing), from navigation start. */
  pdfRequestMs: number | null;
  /** CPU time all of Chromium's processes used from navigation until page 1 was seen painted. */
  cpuMs: number | null;
  /** When the toolbar's `Next page` could first be clicked, from navigation start (probe.ts). */
  controlsMs: number | null;
  /** When a bar (the toolbar or its stand-in) first lay across the top, from navigation start. */
  barMs: number | null;
  /** Cumulative layout shift from navigation until page 1 and the toolbar's controls (probe.ts). */
  layoutShift: number | null;
  /** Bytes received on the wire (all requests, compressed as sent) until page 1 was painted. */
  wireKB: number | null;
  /** Of those, JavaScript. */
  jsWireKB: number | null;
  /** How busy the CPUs were (0–1) just before the session started (bench/quiet.ts). */
  busyBefore: number | null;
  /** How long the whole session took, in seconds (the bench's own cost). */
  sessionS: number | null;
  /** Why a metric is missing, by metric name. */
  missing: Partial<Record<Metric, string>>;
  notes: string[];
}

export type Metric =
  | 'firstPaintMs'
  | 'pixelsMs'
  | 'previewMs'
  | 'jumpLastMs'
  | 'canvases'
  | 'pageCanvases'
  | 'heapMB'
  | 'backingMB'
  | 'longTasks'
  | 'longTaskMs'
  | 'pdfRequestMs'
  | 'cpuMs'
  | 'controlsMs'
  | 'barMs'
  | 'layoutShift'
  | 'wireKB'
  | 'jsWireKB';

export interface SessionSpec {
  side: Side;
  url: string;
  pages: number;
  /** A screenshot of page 1 once it is painted, to this file. */
  screenshot?: string;
  profile: Profile;
  /** End after the first view (page 1, the toolbar, layout shift): no jump, scroll or visits. */
  firstViewOnly: boolean;
  /** The page the jump goes to (`jumpLastMs`); the last page by default. */
  jumpTo?: number;
  /** End after the jump: no scrolling or visits (a jump measured on the phone too). */
  jumpOnly?: boolean;
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/** What a session that threw reports: the error's first line. */
export function sessionFailed(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `session failed: ${message.split('\n', 1).join('')}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Evenly spaced pages from 1 to `pages`, at most `count` of them. */
export function visitPlan(pages: number, count: number): number[] {
  if (pages <= count) return Array.from({ length: pages }, (_, i) => i + 1);
  return Array.from({ length: count }, (_, i) => Math.round(1 + (i * (pages - 1)) / (count - 1)));
}

/** Opens `url` and waits for the probe to see page 1 painted; false past the limit. */
export async function openAtFirstPaint(page: Page, url: string): Promise<boolean> {
  await page.goto(url, { waitUntil: 'commit', timeout: LIMITS.firstPaintMs });
  try {
    await page.waitForFunction(
      () => (window as unknown as ProbeWindow).__folioBenchProbe.firstPaint !== null,
      undefined,
      { timeout: LIMITS.firstPaintMs, polling: 50 },
    );
    return true;
  } catch {
    return false;
  }
}

/** Where the wheel scrolls and the page under the middle is read: the desktop's (walks run there). */
export const POINTER = { x: DESKTOP.width / 2, y: DESKTOP.height / 2 + 40 };

/** The centre of the visible `Next page` button both sides have; null when there is none. */
export async function nextPagePoint(page: Page): Promise<{ x: number; y: number } | null> {
  const next = page.getByRole('button', { name: 'Next page', exact: true });
  const box = await next.filter({ visible: true }).first().boundingBox();
  return box === null ? null : { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A session opened for a walk with `Next page`: where to click, or why the walk cannot start. */
export interface WalkStart {
  context: BrowserContext;
  page: Page;
  problems: string[];
  start: { x: number; y: number } | string;
}

/** Opens `url` in a new session (the caller closes `context`) and finds `Next page`. */
export async function startWalk(browser: Browser, url: string): Promise<WalkStart> {
  const { context, page, problems } = await openPage(browser);
  try {
    if (!(await openAtFirstPaint(page, url))) {
      return {
        context,
        page,
        problems,
        start: `page 1 not painted within ${seconds(LIMITS.firstPaintMs)}`,
      };
    }
    const point = await nextPagePoint(page);
    return { context, page, problems, start: point ?? 'no visible "Next page" button' };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * A trusted click at `point` (the locator's checks would cost more than a page), then waits until
 * page `target` lies under the middle of the viewport and its canvas holds ink. Throws past
 * `timeoutMs`.
 */
export async function turnPage(
  page: Page,
  point: { x: number; y: number },
  target: number,
  timeoutMs: number,
): Promise<void> {
  await page.mouse.click(point.x, point.y);
  await page.waitForFunction(
    ({ n, x, y }) => {
      const probe = (window as unknown as ProbeWindow).__folioBenchProbe;
      return probe.pageAt(x, y) === n && probe.check(n).painted;
    },
    { n: target, ...POINTER },
    { timeout: timeoutMs, polling: 'raf' },
  );
}

async function wheel(page: Page, steps: number): Promise<void> {
  await page.mouse.move(POINTER.x, POINTER.y);
  for (let i = 0; i < steps; i += 1) {
    await page.mouse.wheel(0, LIMITS.scrollDeltaPx);
    await sleep(LIMITS.scrollGapMs);
  }
}

/**
 * Types `target` into `Page number` and presses Enter; the time from that input to the target
 * page's canvas painted, or null (with the reason) when it is not painted within `timeoutMs`.
 */
async function jump(
  page: Page,
  target: number,
  timeoutMs: number,
): Promise<{ ms: number } | { failed: string }> {
  const input = page.getByLabel('Page number', { exact: true }).filter({ visible: true }).first();
  if ((await input.count()) === 0) return { failed: 'no visible "Page number" input' };
  await page.evaluate((n) => {
    (window as unknown as ProbeWindow).__folioBenchProbe.armJump(n);
  }, target);
  try {
    await input.fill(String(target), { timeout: 5000 });
    await input.press('Enter', { timeout: 5000 });
  } catch (error) {
    await page.evaluate(() => {
      (window as unknown as ProbeWindow).__folioBenchProbe.cancelJump();
    });
    const message = error instanceof Error ? error.message : String(error);
    return { failed: `typing into "Page number": ${message.split('\n', 1).join('')}` };
  }
  try {
    await page.waitForFunction(
      () => (window as unknown as ProbeWindow).__folioBenchProbe.jump?.t1 != null,
      undefined,
      { timeout: timeoutMs, polling: 20 },
    );
  } catch {
    await page.evaluate(() => {
      (window as unknown as ProbeWindow).__folioBenchProbe.cancelJump();
    });
    return { failed: `page ${target} not painted within ${seconds(timeoutMs)}` };
  }
  const state = await page.evaluate(
    (): JumpState | null => (window as unknown as ProbeWindow).__folioBenchProbe.jump,
  );
  if (state?.t0 == null || state.t1 == null) return { failed: 'jump not observed' };
  return { ms: Math.round(state.t1 - state.t0) };
}

/**
 * A fresh browser context (cold HTTP cache) with one page, the probe installed before the app's
 * code, and what goes wrong in it (uncaught errors, console errors, requests off 127.0.0.1)
 * collected for the notes.
 */
export async function openPage(
  browser: Browser,
  device: Device = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.deviceScaleFactor,
    hasTouch: device.mobile,
    isMobile: device.mobile,
    locale: 'en-US',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => {
    problems.push(`uncaught: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1') {
      problems.push(`request off 127.0.0.1: ${url.origin}`);
    }
  });
  await page.addInitScript(installProbe);
  return { context, page, problems };
}

/** The page's link from now on (CDP's emulation; `Network.enable` sent already). */
export async function emulateLink(cdp: CDPSession, link: NetworkLink): Promise<void> {
  const bytesPerSecond = Math.round((link.mbit * 1e6) / 8);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/** CDP `HeapProfiler.collectGarbage` twice, then the main thread's `Runtime.getHeapUsage`, in MB. */
export async function readHeap(cdp: CDPSession): Promise<{ usedMB: number; backingMB: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  return {
    usedMB: Math.round(heap.usedSize / 1e5) / 10,
    backingMB: Math.round(heap.backingStorageSize / 1e5) / 10,
  };
}

/** A result with nothing measured yet. */
export function emptyResult(): RunResult {
  return {
    firstPaintMs: null,
    pixelsMs: null,
    previewMs: null,
    jumpLastMs: null,
    canvases: null,
    pageCanvases: null,
    heapMB: null,
    backingMB: null,
    longTasks: null,
    longTaskMs: null,
    pdfRequestMs: null,
    cpuMs: null,
    controlsMs: null,
    barMs: null,
    layoutShift: null,
    wireKB: null,
    jsWireKB: null,
    busyBefore: null,
    sessionS: null,
    missing: {},
    notes: [],
  };
}

/** What only a session that goes on after the first view measures: jumps, scrolling, visits. */
const WALK_METRICS: Metric[] = [
  'jumpLastMs',
  'canvases',
  'pageCanvases',
  'heapMB',
  'backingMB',
  'longTasks',
  'longTaskMs',
];

export async function runSession(browser: Browser, spec: SessionSpec): Promise<RunResult> {
  const result = emptyResult();
  const miss = (metrics: Metric[], why: string): void => {
    for (const m of metrics) result.missing[m] ??= why;
  };
  const { network, device, cpuSlowdown } = spec.profile;
  const { context, page, problems } = await openPage(browser, device);
  // Bytes on the wire, as CDP sees them (encoded: what compression saves shows here).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network) await emulateLink(cdp, network);
  // The page's main thread only: Chromium does not slow its workers (pdf.js's) with it.
  if (cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const scripts = new Set<string>();
  const wire = { all: 0, js: 0 };
  cdp.on('Network.responseReceived', ({ requestId, type }) => {
    if (type === 'Script') scripts.add(requestId);
  });
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    wire.all += encodedDataLength;
    if (scripts.has(requestId)) wire.js += encodedDataLength;
  });
  const chromium = await browser.newBrowserCDPSession();
  const cpuBefore = await chromiumCpu(chromium);
  const all: Metric[] = [
    'firstPaintMs',
    'pixelsMs',
    'cpuMs',
    'controlsMs',
    'barMs',
    'layoutShift',
    ...WALK_METRICS,
  ];
  try {
    if (!(await openAtFirstPaint(page, spec.url))) {
      const pagesShown = await page.locator('[data-page-number]').count();
      miss(all, `not painted within ${seconds(LIMITS.firstPaintMs)}`);
      if (pagesShown === 0) result.notes.push('no [data-page-number] element on the page');
      result.pdfRequestMs = await pdfRequestStart(page);
      return result;
    }
    // Read as soon as the paint is seen (polled every 50 ms): a slight overcount at most.
    result.cpuMs = cpuUsed(cpuBefore, await chromiumCpu(chromium));
    result.wireKB = Math.round(wire.all / 100) / 10;
    result.jsWireKB = Math.round(wire.js / 100) / 10;
    result.firstPaintMs = Math.round(
      await page.evaluate(
        () => (window as unknown as ProbeWindow).__folioBenchProbe.firstPaint ?? NaN,
      ),
    );
    result.pdfRequestMs = await pdfRequestStart(page);
    try {
      await page.waitForFunction(
        () => (window as unknown as ProbeWindow).__folioBenchProbe.controls !== null,
        undefined,
        { timeout: LIMITS.jumpMs, polling: 50 },
      );
      result.controlsMs = Math.round(
        await page.evaluate(
          () => (window as unknown as ProbeWindow).__folioBenchProbe.controls ?? NaN,
        ),
      );
    } catch {
      miss(['controlsMs'], `no usable "Next page" button within ${seconds(LIMITS.jumpMs)}`);
    }
    const { bar, shift } = await page.evaluate(() => {
      const probe = (window as unknown as ProbeWindow).__folioBenchProbe;
      return { bar: probe.bar, shift: probe.layoutShift() };
    });
    if (bar === null) miss(['barMs'], 'nothing across the top of the viewport');
    else result.barMs = Math.round(bar);
    // Three decimals: a shift of 0.001 is one element moving a few pixels.
    result.layoutShift = Math.round(shift * 1000) / 1000;
    await sleep(500);
    // Read after that pause: an element-timing entry is delivered a task or two after its paint.
    const preview = await page.evaluate(
      () => (window as unknown as ProbeWindow).__folioBenchProbe.preview,
    );
    if (preview === null) miss(['previewMs'], 'no preview of page 1 painted');
    else result.previewMs = Math.round(preview);
    result.pixelsMs = Math.min(result.firstPaintMs, result.previewMs ?? Infinity);
    if (spec.screenshot !== undefined) {
      await page.screenshot({ path: spec.screenshot });
      result.notes.push(`screenshot ${path.basename(spec.screenshot)}`);
    }
    if (spec.firstViewOnly) {
      miss(WALK_METRICS, 'first view only');
      return result;
    }

    // (2) jump to the last page (or `jumpTo`).
    const last = await jump(page, spec.jumpTo ?? spec.pages, LIMITS.jumpMs);
    if ('ms' in last) result.jumpLastMs = last.ms;
    else miss(['jumpLastMs'], last.failed);
    if (spec.jumpOnly === true) {
      miss(
        WALK_METRICS.filter((m) => m !== 'jumpLastMs'),
        'jump only',
      );
      return result;
    }

    // (5) long tasks while wheel-scrolling down from page 1.
    const back = await jump(page, 1, LIMITS.visitJumpMs);
    if ('failed' in back) result.notes.push(`back to page 1: ${back.failed}`);
    await sleep(300);
    const pageAt = (): Promise<number | null> =>
      page.evaluate(
        ({ x, y }) => (window as unknown as ProbeWindow).__folioBenchProbe.pageAt(x, y),
        POINTER,
      );
    const before = await pageAt();
    await page.evaluate(() => {
      (window as unknown as ProbeWindow).__folioBenchProbe.startLongTasks();
    });
    await wheel(page, LIMITS.scrollSteps);
    await sleep(LIMITS.settleMs);
    const tally = await page.evaluate((): LongTaskTally =>
      (window as unknown as ProbeWindow).__folioBenchProbe.stopLongTasks(),
    );
    const after = await pageAt();
    if (!tally.supported) {
      miss(['longTasks', 'longTaskMs'], 'longtask entries not supported');
    } else if (before === null || after === null || after <= before) {
      miss(
        ['longTasks', 'longTaskMs'],
        `the wheel did not scroll the pages (${before} → ${after})`,
      );
    } else {
      result.longTasks = tally.count;
      result.longTaskMs = tally.ms;
      result.notes.push(`scrolled from page ${before} to ${after}`);
    }

    // (3) visit pages across the whole document, scrolling a little at each, then count.
    let failures = 0;
    let visited = 0;
    for (const n of visitPlan(spec.pages, LIMITS.visits)) {
      const visit = await jump(page, n, LIMITS.visitJumpMs);
      if ('failed' in visit) {
        failures += 1;
        result.notes.push(`visit: ${visit.failed}`);
        if (failures >= 2) break;
        continue;
      }
      visited += 1;
      await wheel(page, LIMITS.visitScrollSteps);
    }
    if (failures >= 2) {
      miss(['canvases', 'pageCanvases', 'heapMB', 'backingMB'], 'pages not painted while visiting');
    } else {
      await sleep(LIMITS.settleMs);
      const counts = await page.evaluate(() => ({
        all: document.querySelectorAll('canvas').length,
        pages: document.querySelectorAll('[data-page-number] canvas').length,
      }));
      result.canvases = counts.all;
      result.pageCanvases = counts.pages;
      const cdp = await context.newCDPSession(page);
      const heap = await readHeap(cdp);
      result.heapMB = heap.usedMB;
      result.backingMB = heap.backingMB;
      await cdp.detach();
      result.notes.push(`visited ${visited} pages`);
    }
  } catch (error) {
    miss(all, sessionFailed(error));
  } finally {
    result.notes.push(...problems.slice(0, 5));
    await chromium.detach();
    await context.close();
  }
  return result;
}

/** CPU seconds used so far by each of Chromium's processes, by process id. */
async function chromiumCpu(chromium: CDPSession): Promise<Map<number, number>> {
  const { processInfo } = await chromium.send('SystemInfo.getProcessInfo');
  return new Map(processInfo.map(({ id, cpuTime }) => [id, cpuTime]));
}

/**
 * Milliseconds of CPU between two readings, over every process alive at the second (a renderer
 * started in between counts from zero). Linux counts it in 10 ms ticks.
 */
function cpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [id, cpuTime] of after) seconds += cpuTime - (before.get(id) ?? 0);
  return Math.round(seconds * 1000);
}

/** Start of the first request for the PDF (`…/content`), from the page's resource timing. */
async function pdfRequestStart(page: Page): Promise<number | null> {
  const start = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => /\/api\/documents\/[^/]+\/content/.test(e.name));
    return entry ? entry.startTime : null;
  });
  return start === null ? null : Math.round(start);
}
