import { POOL_DEFAULTS } from '../pool.ts';

/**
 * The pool's memory limit for a test's pool: the default, counted from the test process's
 * resident memory now. The guard reads the whole process, and a jest worker holds what its earlier
 * test files left (native memory of pdf.js, fonts, images, which jest's heap-only recycling does
 * not see): with the bare default a parse could be stopped before it began.
 */
export function guardFromHereMb(): number {
  return Math.round(process.memoryUsage.rss() / 2 ** 20) + POOL_DEFAULTS.maxRssMb;
}
