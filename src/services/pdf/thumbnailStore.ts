/**
 * Which thumbnails exist and which to draw next, independent of pdf.js and React: the panel tells
 * it which pages are visible (`show`/`hide`), it rasterises those one at a time through the given
 * `rasterize`, keeps the results in a bounded LRU cache and tells each page's subscribers when its
 * picture changes. A page that scrolls out before its turn is dropped from the queue; one that
 * scrolls out while being drawn has its render task cancelled.
 */

/** A page's picture as the panel shows it. */
export type Thumb = { kind: 'image'; url: string } | { kind: 'failed' };

/** One rasterisation in flight: resolves to an image URL the store then owns. */
export interface RasterTask {
  promise: Promise<string>;
  cancel(): void;
}

/** Draws page `pageNumber` (1-based) turned by `rotation` degrees (0, 90, 180, 270). */
export type Rasterize = (pageNumber: number, rotation: number) => RasterTask;

export interface ThumbnailStoreOptions {
  rasterize: Rasterize;
  /** Pictures kept at most (the visible ones are never evicted, so it can be exceeded briefly). */
  capacity: number;
  /** Frees a picture's URL when it leaves the cache (`URL.revokeObjectURL` in the browser). */
  release: (url: string) => void;
}

const FAILED: Thumb = Object.freeze({ kind: 'failed' });

export class ThumbnailStore {
  readonly #rasterize: Rasterize;
  readonly #capacity: number;
  readonly #release: (url: string) => void;
  /** `page:rotation` → picture; Map order is recency (oldest first). */
  readonly #cache = new Map<string, Thumb>();
  /** Visible pages, in the order they became visible (the drawing order). */
  readonly #visible = new Set<number>();
  readonly #listeners = new Map<number, Set<() => void>>();
  #rotation = 0;
  #running: { key: string; page: number; task: RasterTask } | undefined;

  constructor(options: ThumbnailStoreOptions) {
    this.#rasterize = options.rasterize;
    this.#capacity = Math.max(1, options.capacity);
    this.#release = options.release;
  }

  /** What page `page` shows now: a picture only while it is visible. */
  get(page: number): Thumb | undefined {
    return this.#visible.has(page) ? this.#cache.get(this.#key(page)) : undefined;
  }

  /** Pictures held (for diagnostics and tests). */
  get size(): number {
    return this.#cache.size;
  }

  subscribe(page: number, listener: () => void): () => void {
    let set = this.#listeners.get(page);
    if (!set) {
      set = new Set();
      this.#listeners.set(page, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(page);
    };
  }

  show(page: number): void {
    if (this.#visible.has(page)) return;
    this.#visible.add(page);
    const key = this.#key(page);
    const thumb = this.#cache.get(key);
    if (thumb) {
      // Seen again: the most recently used.
      this.#cache.delete(key);
      this.#cache.set(key, thumb);
    }
    this.#notify(page);
    this.#pump();
  }

  hide(page: number): void {
    if (!this.#visible.delete(page)) return;
    if (this.#running?.page === page) {
      this.#running.task.cancel();
      this.#running = undefined;
    }
    this.#notify(page);
    this.#pump();
  }

  /** The model's rotation changed: visible pages are drawn again, turned. */
  setRotation(degrees: number): void {
    const rotation = ((degrees % 360) + 360) % 360;
    if (rotation === this.#rotation) return;
    this.#rotation = rotation;
    this.#running?.task.cancel();
    this.#running = undefined;
    this.#visible.forEach((page) => {
      this.#notify(page);
    });
    this.#pump();
  }

  /**
   * Forgets everything: cancels the drawing in flight, frees every picture and marks every page
   * hidden (its subscribers hear of it). The store stays usable: a panel that mounts again (React's
   * StrictMode does this) shows its pages anew.
   */
  reset(): void {
    this.#running?.task.cancel();
    this.#running = undefined;
    const shown = Array.from(this.#visible);
    this.#visible.clear();
    this.#cache.forEach((thumb) => {
      if (thumb.kind === 'image') this.#release(thumb.url);
    });
    this.#cache.clear();
    shown.forEach((page) => {
      this.#notify(page);
    });
  }

  #key(page: number): string {
    return `${page}:${this.#rotation}`;
  }

  #notify(page: number): void {
    this.#listeners.get(page)?.forEach((listener) => {
      listener();
    });
  }

  /** Starts drawing the first visible page without a picture, unless a drawing is running. */
  #pump(): void {
    if (this.#running) return;
    let next: number | undefined;
    for (const page of this.#visible) {
      if (!this.#cache.has(this.#key(page))) {
        next = page;
        break;
      }
    }
    if (next === undefined) return;
    const page = next;
    const key = this.#key(page);
    const task = this.#rasterize(page, this.#rotation);
    const running = { key, page, task };
    this.#running = running;
    const settle = (thumb: Thumb | undefined, url?: string) => {
      if (this.#running !== running) {
        // Cancelled or superseded: whatever was drawn is not wanted any more.
        if (url !== undefined) this.#release(url);
        return;
      }
      this.#running = undefined;
      if (thumb) this.#put(key, thumb);
      this.#notify(page);
      this.#pump();
    };
    task.promise.then(
      (url) => {
        settle({ kind: 'image', url }, url);
      },
      () => {
        settle(FAILED);
      },
    );
  }

  #put(key: string, thumb: Thumb): void {
    this.#cache.set(key, thumb);
    if (this.#cache.size <= this.#capacity) return;
    const visibleKeys = new Set(Array.from(this.#visible, (page) => this.#key(page)));
    for (const [oldKey, old] of this.#cache) {
      if (this.#cache.size <= this.#capacity) break;
      if (visibleKeys.has(oldKey)) continue;
      this.#cache.delete(oldKey);
      if (old.kind === 'image') this.#release(old.url);
    }
  }
}
