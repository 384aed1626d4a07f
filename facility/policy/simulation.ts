/**
 * The simulated conversion of a sidecar's `convertMs`: the clock starts at the first metadata or
 * content answer for the document (facts/document-facts.ts) and `loadedCount` grows linearly to
 * `pageCount` over `convertMs`. A run is keyed by the file and its sidecar's mtime, so saving the
 * sidecar again starts a fresh conversion.
 */
const started = new Map<string, number>();

/** When the conversion of `key` started; the first call starts it. */
export function conversionStart(key: string, now: number = Date.now()): number {
  let start = started.get(key);
  if (start === undefined) {
    start = now;
    started.set(key, start);
  }
  return start;
}

export interface Progress {
  loadedCount: number;
  complete: boolean;
  remainingMs: number;
}

export function conversionProgress(
  start: number,
  convertMs: number,
  pageCount: number,
  now: number = Date.now(),
): Progress {
  const elapsed = now - start;
  if (elapsed >= convertMs) return { loadedCount: pageCount, complete: true, remainingMs: 0 };
  return {
    loadedCount: Math.floor((pageCount * elapsed) / convertMs),
    complete: false,
    remainingMs: convertMs - elapsed,
  };
}
