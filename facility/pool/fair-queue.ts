/**
 * The pool's waiting tasks, by level and by lane (docs/decisions/2026-12-06-fair-pool.md): a task
 * that opens a document (its facts, its conversion, page 1) goes before any other page; within a
 * level the lanes (readers, lane.ts) take turns, one task each, so a reader who asked for 250 pages
 * waits behind their own, not in front of everyone's.
 */

/** In the order they are served: opening a document, then every other page. */
export const LEVELS = ['open', 'page'] as const;
export type Level = (typeof LEVELS)[number];

export class FairQueue<T> {
  /** Per level, each lane's tasks in arrival order; a Map's order is the lanes' turn. */
  private readonly waiting = new Map<Level, Map<string, T[]>>(
    LEVELS.map((level) => [level, new Map<string, T[]>()]),
  );
  private readonly perLane = new Map<string, number>();
  private total = 0;

  push(lane: string, level: Level, item: T): void {
    const lanes = this.waiting.get(level);
    if (!lanes) throw new Error(`no level ${level}`);
    const queue = lanes.get(lane);
    if (queue) queue.push(item);
    else lanes.set(lane, [item]);
    this.perLane.set(lane, (this.perLane.get(lane) ?? 0) + 1);
    this.total += 1;
  }

  /** Takes a waiting task out of the line; false when it is not waiting (any more). */
  remove(lane: string, level: Level, item: T): boolean {
    const queue = this.waiting.get(level)?.get(lane);
    const at = queue?.indexOf(item) ?? -1;
    if (!queue || at === -1) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.waiting.get(level)?.delete(lane);
    this.leave(lane);
    return true;
  }

  /** Lanes with tasks waiting. */
  lanes(): number {
    return this.perLane.size;
  }

  /** Tasks waiting, in all lanes or in one. */
  size(lane?: string): number {
    return lane === undefined ? this.total : (this.perLane.get(lane) ?? 0);
  }

  /**
   * The next task of the first level `admits`, from the lane whose turn it is; that lane then goes
   * to the back of its level's line.
   */
  take(admits: (level: Level) => boolean): T | undefined {
    for (const level of LEVELS) {
      if (!admits(level)) continue;
      const lanes = this.waiting.get(level);
      const turn = lanes?.entries().next().value;
      if (!lanes || !turn) continue;
      const [lane, queue] = turn;
      const item = queue.shift();
      lanes.delete(lane);
      if (queue.length > 0) lanes.set(lane, queue);
      this.leave(lane);
      return item;
    }
    return undefined;
  }

  private leave(lane: string): void {
    const left = (this.perLane.get(lane) ?? 1) - 1;
    if (left === 0) this.perLane.delete(lane);
    else this.perLane.set(lane, left);
    this.total -= 1;
  }
}
