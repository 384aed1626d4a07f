// The machine is shared (2 cores; tests and builds may run beside the bench): before each session
// the bench waits, a bounded time, for the CPUs to be mostly idle, and records how busy they were.
import os from 'node:os';

function totals(): { idle: number; all: number } {
  let idle = 0;
  let all = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    all += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, all };
}

/** Fraction of CPU time busy over the next `ms`, all cores together (0–1). */
export async function busyOver(ms: number): Promise<number> {
  const a = totals();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = totals();
  const all = b.all - a.all;
  return all <= 0 ? 0 : 1 - (b.idle - a.idle) / all;
}

/**
 * Waits until a 500 ms window is at most `threshold` busy, for at most `maxMs`; returns the last
 * window's busy fraction (so a session that had to start on a busy machine says so).
 */
export async function waitForQuiet(maxMs: number, threshold = 0.25): Promise<number> {
  const deadline = Date.now() + maxMs;
  let busy = await busyOver(500);
  while (busy > threshold && Date.now() < deadline) busy = await busyOver(500);
  return Math.round(busy * 100) / 100;
}
