/**
 * The pool's threads run below the server's own priority: parsing and drawing untrusted files
 * must never starve the event loop that answers requests (health, ranges, metadata). With Linux's
 * autogroup a thread's nice counts only inside its own process's group, so this does not weigh
 * them against other programs (docs/decisions/2026-11-27-pool-priority.md).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of the pool's threads (0 is the server's; 19 the lowest). */
export const POOL_NICE = 10;

/**
 * Lowers the calling thread's priority to POOL_NICE. Linux only: there a thread has an id of its
 * own (`/proc/thread-self` names it) and setpriority() takes it; elsewhere it stays as it is.
 */
export function lowerThisThread(): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, POOL_NICE);
    return true;
  } catch {
    return false;
  }
}
