/**
 * Refused tokens counted per client address in fixed windows (docs/server.md, "Signed links"). An
 * address that has used up its refusals is answered 429 *before* its next token is verified, so a
 * right guess past the limit opens nothing. Held in memory per server process, bounded in entries
 * so a flood from many addresses cannot grow it.
 */
import { LRUCache } from 'lru-cache';

export interface FailureLimit {
  /** Refused tokens an address may send per window; the next request is answered 429. */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_FAILURE_LIMIT: FailureLimit = { max: 30, timeWindowMs: 60_000 };

/** Addresses remembered at once; the least recently refused are forgotten first. */
const MAX_ADDRESSES = 100_000;

export interface FailureCounter {
  /** Seconds until `address` may try again; undefined while it may. */
  blockedFor: (address: string) => number | undefined;
  /** Counts one refused token from `address`. */
  refused: (address: string) => void;
}

export function createFailureCounter({ max, timeWindowMs }: FailureLimit): FailureCounter {
  // The window starts at an address's first refusal and is not extended by later ones.
  const counts = new LRUCache<string, number>({ max: MAX_ADDRESSES, ttl: timeWindowMs });
  return {
    blockedFor: (address) => {
      if ((counts.get(address) ?? 0) < max) return undefined;
      return Math.max(1, Math.ceil(counts.getRemainingTTL(address) / 1000));
    },
    refused: (address) => {
      const count = counts.get(address);
      if (count === undefined) counts.set(address, 1);
      else counts.set(address, count + 1, { noUpdateTTL: true });
    },
  };
}
