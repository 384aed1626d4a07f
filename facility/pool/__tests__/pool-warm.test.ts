/**
 * The pool keeps one thread started (pool.ts `warmThreads`): it loads the worker's modules when
 * the pool is created, not when a preview is first asked for. A pool thread is seen as a thread of
 * this process at the pool's nice value, which the worker sets once its modules are loaded.
 */
import { createPool } from '../pool.ts';
import { POOL_NICE } from '../thread-priority.ts';
import { niceByThread } from './_threads.ts';
import { guardFromHereMb } from './_memory-guard.ts';

/** The ids of this process's threads running at the pool's nice value. */
function poolThreads(): Set<number> {
  return new Set([...niceByThread()].filter(([, nice]) => nice === POOL_NICE).map(([tid]) => tid));
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

const onLinux = process.platform === 'linux' ? it : it.skip;

onLinux(
  'a pool starts one thread, loaded, before any task; with warmThreads 0 it starts none',
  async () => {
    const before = poolThreads();
    const newOnes = () => [...poolThreads()].filter((tid) => !before.has(tid));
    const warm = createPool({ threads: 2, maxRssMb: guardFromHereMb() });
    const started = Date.now();
    try {
      expect(await waitFor(() => newOnes().length >= 1, 20_000)).toBe(true);
      const loadedIn = Date.now() - started;
      // One, not the two it may run: the second starts only when two tasks run at once. Counted
      // by the pool: a jest worker's earlier test files may leave threads of their own at this
      // nice value, started at any time.
      await warm.warm;
      expect(warm.threads()).toBe(1);
      const cold = createPool({ threads: 2, warmThreads: 0, maxRssMb: guardFromHereMb() });
      try {
        await new Promise((resolve) => setTimeout(resolve, Math.max(1000, 3 * loadedIn)));
        expect(cold.threads()).toBe(0);
        expect(warm.threads()).toBe(1);
      } finally {
        await cold.close();
      }
    } finally {
      await warm.close();
    }
  },
  // Longer than the 20 s the thread may take to load on a loaded machine.
  60_000,
);
