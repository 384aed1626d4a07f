/**
 * The pool's threads run below the server's priority (thread-priority.ts): a thread's nice value
 * is field 19 of /proc/self/task/<tid>/stat, Linux's own account of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPool } from '../pool.ts';
import { POOL_NICE } from '../thread-priority.ts';

const SAMPLE = path.resolve(__dirname, '../../mock/documents/tracemonkey.pdf');

/** Each thread of this process, by id, with its nice value. */
function niceByThread(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // After "pid (comm) ", the fields from the 3rd on; the 19th is the nice value.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(Number(tid), Number(fields[19 - 3]));
  }
  return threads;
}

const onLinux = process.platform === 'linux' ? it : it.skip;

onLinux(
  'the pool’s threads run at nice 10; the server’s own thread keeps its priority',
  async () => {
    const before = niceByThread();
    const own = before.get(process.pid) ?? NaN;
    // Only meaningful where the tests themselves run above the pool's priority.
    expect(own).toBeLessThan(POOL_NICE);
    const pool = createPool({ threads: 1 });
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
);
