/**
 * The pool's threads run below the server's priority (thread-priority.ts), as Linux reports each
 * thread's nice value (_threads.ts).
 */
import path from 'node:path';
import { createPool } from '../pool.ts';
import { POOL_NICE } from '../thread-priority.ts';
import { niceByThread } from './_threads.ts';
import { guardFromHereMb } from './_memory-guard.ts';

const SAMPLE = path.resolve(__dirname, '../../../mock/documents/tracemonkey.pdf');

const onLinux = process.platform === 'linux' ? it : it.skip;

onLinux(
  'the pool’s threads run at nice 10; the server’s own thread keeps its priority',
  async () => {
    const before = niceByThread();
    const own = before.get(process.pid) ?? NaN;
    // Only meaningful where the tests themselves run above the pool's priority.
    expect(own).toBeLessThan(POOL_NICE);
    const pool = createPool({ threads: 1, maxRssMb: guardFromHereMb() });
    try {
      await pool.run('ranges', SAMPLE);
      const after = niceByThread();
      const lowered = [...after].filter(([tid, nice]) => !before.has(tid) && nice === POOL_NICE);
      expect(lowered.length).toBeGreaterThanOrEqual(1);
      expect(after.get(process.pid)).toBe(own);
    } finally {
      await pool.close();
    }
  },
  // A thread's first start loads pdf.js: seconds on a loaded machine.
  60_000,
);
