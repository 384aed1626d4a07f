// The heap series (bench/README.md, "Targets"): a reader goes through the 1000-page document one page after another
// with the `Next page` button both sides have, each page painted before the next click, and the
// main thread's JS heap is read after 10, 300 and 1000 pages. Loopback only: what a page keeps in
// memory does not depend on how fast its bytes arrived.
import type { Browser } from 'playwright-core';
import { readCodeMB } from './heapCode.ts';
import { LIMITS, readHeap, sessionFailed, sleep, startWalk, turnPage } from './measure.ts';

export const SERIES = {
  doc: 'text-1000',
  /** Pages visited (page 1 as opened, then one `Next page` each) when the heap is read. */
  marks: [10, 300, 1000],
  /** Each page must be painted this soon after its click. */
  pageMs: 10_000,
  /** The whole walk, so a crawling side cannot hold the bench up. */
  sessionMs: 6 * 60_000,
  /**
   * Flat: the heap less V8's compiled code (heapCode.ts) after any later mark at most this far
   * above the same after the first.
   */
  flatMB: 1,
};

export interface SeriesResult {
  /** `usedSize` in MB after each of SERIES.marks pages; null: not reached (why: `missing`). */
  heapMB: (number | null)[];
  /** Array buffers and external strings at the same moments. */
  backingMB: (number | null)[];
  /** Of `heapMB`, V8's compiled code (heapCode.ts), read just after it. */
  codeMB: (number | null)[];
  /** Seconds from the first click to the last reading (snapshots included); null: walk unfinished. */
  walkS: number | null;
  /** How busy the CPUs were (0–1) just before the session started (bench/quiet.ts). */
  busyBefore: number | null;
  missing: string | null;
  notes: string[];
}

/** How far a figure rose above the first mark: the highest later mark minus the first. */
export function growth(figures: readonly (number | null)[]): number | null {
  const [first, ...later] = figures;
  if (first == null || later.length === 0 || later.some((h) => h === null)) return null;
  const highest = Math.max(...later.filter((h): h is number => h !== null));
  return Math.round((highest - first) * 10) / 10;
}

/** The heap less its compiled code, at each mark: what the pages visited could have left. */
export function dataMB(result: Pick<SeriesResult, 'heapMB' | 'codeMB'>): (number | null)[] {
  return result.heapMB.map((heap, i) => {
    const code = result.codeMB[i] ?? null;
    return heap === null || code === null ? null : Math.round((heap - code) * 10) / 10;
  });
}

export async function runHeapSeries(
  browser: Browser,
  spec: { url: string; pages: number },
): Promise<SeriesResult> {
  const marks = SERIES.marks.filter((m) => m <= spec.pages);
  const result: SeriesResult = {
    heapMB: marks.map(() => null),
    backingMB: marks.map(() => null),
    codeMB: marks.map(() => null),
    walkS: null,
    busyBefore: null,
    missing: null,
    notes: [],
  };
  const { context, page, problems, start } = await startWalk(browser, spec.url);
  try {
    if (typeof start === 'string') {
      result.missing = start;
      return result;
    }
    const cdp = await context.newCDPSession(page);
    const started = Date.now();
    const last = marks.at(-1) ?? 1;
    for (let n = 1; n <= last; n += 1) {
      if (n > 1) {
        const left = SERIES.sessionMs - (Date.now() - started);
        try {
          await turnPage(page, start, n, Math.max(1, Math.min(SERIES.pageMs, left)));
        } catch {
          result.missing =
            left <= SERIES.pageMs
              ? `walk not done within ${SERIES.sessionMs / 60_000} min (at page ${n})`
              : `page ${n} not painted within ${SERIES.pageMs / 1000} s of its click`;
          break;
        }
      }
      const mark = marks.indexOf(n);
      if (mark < 0) continue;
      // Let renders already started finish, as a reader pausing on the page would.
      await sleep(LIMITS.settleMs);
      const heap = await readHeap(cdp);
      result.heapMB[mark] = heap.usedMB;
      result.backingMB[mark] = heap.backingMB;
      result.codeMB[mark] = await readCodeMB(cdp);
      if (n === last) result.walkS = Math.round((Date.now() - started) / 100) / 10;
    }
    await cdp.detach();
  } catch (error) {
    result.missing = sessionFailed(error);
  } finally {
    await context.close();
  }
  result.notes.push(...problems.slice(0, 5));
  return result;
}
