/**
 * Node's own timers for a whole test file (beforeAll → afterAll), for tests that run the dev
 * facility in this process: it unrefs its timers, which jsdom's (numbers) cannot do. Every timer
 * still pending when the file's tests end is cleared — the app's 60 s revoke of a saved file's URL among
 * them — so nothing keeps jest alive after the run.
 */
import * as nodeTimers from 'node:timers';

export function withNodeTimers(): void {
  const pending = new Set<NodeJS.Timeout>();
  beforeAll(() => {
    Object.assign(globalThis, {
      setTimeout: (run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const timer = nodeTimers.setTimeout(() => {
          pending.delete(timer);
          run(...args);
        }, ms);
        pending.add(timer);
        return timer;
      },
      clearTimeout: (timer: NodeJS.Timeout | undefined) => {
        if (timer !== undefined) pending.delete(timer);
        nodeTimers.clearTimeout(timer);
      },
    });
  });
  afterAll(() => {
    pending.forEach((timer) => {
      nodeTimers.clearTimeout(timer);
    });
    pending.clear();
    // Node's stay to the file's end: the facility's pool may finish a task while another
    // afterAll closes it, and its idle timer must unref (jsdom's cannot).
  });
}
