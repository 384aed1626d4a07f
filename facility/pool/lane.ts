/**
 * Whose work a pool task is (docs/decisions/2026-12-06-fair-pool.md): the server runs each request
 * in its reader's lane, and the pool takes turns between lanes, so one reader's flood of pages
 * waits behind its own requests, not in front of everyone's. Work started outside a request (a
 * worker's job, a test) runs in the shared lane.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Asker {
  lane: string;
  /** Aborts when the request that started the work went away before its answer. */
  left?: AbortSignal;
}

const current = new AsyncLocalStorage<Asker>();

/** The lane of work started outside any request. */
export const SHARED_LANE = 'shared';

/** Runs `work` (and everything it starts) in `lane`; `left` says when its asker has gone. */
export function inLane<T>(lane: string, work: () => T, left?: AbortSignal): T {
  return current.run({ lane, left }, work);
}

/** The lane the calling code runs in. */
export function currentLane(): string {
  return current.getStore()?.lane ?? SHARED_LANE;
}

/** Aborts when the request the calling code serves went away unanswered. */
export function askerLeft(): AbortSignal | undefined {
  return current.getStore()?.left;
}

/**
 * A request's lane: the host's id for a signed link's reader (`sub`), else the address the
 * request came from (behind a proxy, the one TRUST_PROXY lets the server see).
 */
export function laneOf(request: { reader?: { sub?: string }; ip: string }): string {
  const sub = request.reader?.sub;
  return sub === undefined ? `ip:${request.ip}` : `reader:${sub}`;
}

/**
 * Counts what each lane has in flight, refusing more than `limit` at once: a reader asking for
 * hundreds of page images at once is answered "busy" for the rest rather than queued.
 */
export function createLaneLimit(limit: number) {
  const inFlight = new Map<string, number>();
  /** `work`'s result, or `refused` when the lane already has `limit` in flight. */
  return async function limited<T>(work: () => Promise<T>, refused: T): Promise<T> {
    const lane = currentLane();
    const held = inFlight.get(lane) ?? 0;
    if (held >= limit) return refused;
    inFlight.set(lane, held + 1);
    try {
      return await work();
    } finally {
      const left = (inFlight.get(lane) ?? 1) - 1;
      if (left === 0) inFlight.delete(lane);
      else inFlight.set(lane, left);
    }
  };
}
