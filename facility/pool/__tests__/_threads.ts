/**
 * This process's threads, by id, with their nice values: field 19 of
 * /proc/self/task/<tid>/stat, Linux's own account of them (the pool's thread tests).
 */
import { readdirSync, readFileSync } from 'node:fs';

export function niceByThread(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After "pid (comm) ", the fields from the 3rd on; the 19th is the nice value.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(Number(tid), Number(fields[19 - 3]));
    } catch {
      // The thread ended while the folder was read.
    }
  }
  return threads;
}
