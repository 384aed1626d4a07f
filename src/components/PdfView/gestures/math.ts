/**
 * The arithmetic of touch gestures on the pages (behaviour.md, "The phone and the shortcuts help": pinch, swipe, double-tap), pure so it
 * is tested without a browser. Points are client coordinates in CSS pixels.
 */

export interface Point {
  x: number;
  y: number;
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * The zoom a pinch asks for: the zoom at its start times how far the fingers spread (or
 * closed), clamped to the model's range. Undefined while the start distance is too small to
 * measure (two fingers on one spot).
 */
export function pinchZoom(
  startZoom: number,
  startDistance: number,
  currentDistance: number,
  min: number,
  max: number,
): number | undefined {
  if (!(startDistance > 1) || !(currentDistance > 0) || !(startZoom > 0)) return undefined;
  return Math.min(max, Math.max(min, (startZoom * currentDistance) / startDistance));
}

/**
 * The live preview of a pinch: the pages scaled by `factor` around the point between the fingers
 * where the pinch began (`origin`, in the scaled element's own coordinates), as a CSS transform,
 * so the point under the fingers stays put and nothing re-renders until the fingers lift.
 */
export function previewStyle(
  factor: number,
  origin: Point,
): { transform: string; transformOrigin: string } {
  return {
    transform: `scale(${String(factor)})`,
    transformOrigin: `${String(origin.x)}px ${String(origin.y)}px`,
  };
}

/** A horizontal swipe turns the page when it is this long (CSS px) … */
export const SWIPE_MIN_DISTANCE = 50;
/** … mostly sideways (|dx| ≥ this × |dy|) … */
export const SWIPE_DIRECTNESS = 1.5;
/** … and quick (ms): a slow drag is the reader moving the page. */
export const SWIPE_MAX_DURATION = 800;

/**
 * Which way a one-finger gesture turns the page: a swipe to the left (finger moving left) shows
 * the next page, to the right the previous one; undefined for anything that is not a swipe.
 */
export function swipeDirection(
  start: Point,
  end: Point,
  durationMs: number,
): 'next' | 'previous' | undefined {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (durationMs > SWIPE_MAX_DURATION || Math.abs(dx) < SWIPE_MIN_DISTANCE) return undefined;
  if (Math.abs(dx) < SWIPE_DIRECTNESS * Math.abs(dy)) return undefined;
  return dx < 0 ? 'next' : 'previous';
}

/** A tap moves less than this (CSS px) and lasts less than TAP_MAX_DURATION (ms). */
export const TAP_SLOP = 10;
export const TAP_MAX_DURATION = 300;
/** Two taps this close in time (ms) and space (CSS px) are a double-tap. */
export const DOUBLE_TAP_INTERVAL = 300;
export const DOUBLE_TAP_SLOP = 30;

export interface Tap {
  at: Point;
  time: number;
}

/** Whether a finger that went down at `start` and up at `end` after `durationMs` tapped. */
export function isTap(start: Point, end: Point, durationMs: number): boolean {
  return durationMs <= TAP_MAX_DURATION && distance(start, end) <= TAP_SLOP;
}

/** Whether `tap` completes a double-tap begun by `previous`. */
export function isDoubleTap(previous: Tap | undefined, tap: Tap): boolean {
  return (
    previous !== undefined &&
    tap.time - previous.time <= DOUBLE_TAP_INTERVAL &&
    distance(previous.at, tap.at) <= DOUBLE_TAP_SLOP
  );
}

/**
 * What a double-tap zooms to: fit width, or, when the pages already fit the width (a second
 * double-tap), back to the zoom the reader had before the first one — or to 100 % when there was
 * none (a phone opens fitted, so its first double-tap zooms in to the page's own size).
 */
export function doubleTapZoom(
  current: number,
  fitWidth: number,
  before: number | undefined,
): number {
  const fitted = Math.abs(current - fitWidth) < 0.01;
  if (!fitted) return fitWidth;
  return before ?? 1;
}
