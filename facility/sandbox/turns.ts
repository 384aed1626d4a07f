/**
 * Sandboxed programs take turns: each may take its address-space limit and a core, so a flood of
 * requests waits here, in order, instead of starting one program each.
 */

/** Runs each task given it when fewer than `atOnce` of them are running, else when one ends. */
export function createTurns(atOnce: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function turn<T>(task: () => Promise<T>): Promise<T> {
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
