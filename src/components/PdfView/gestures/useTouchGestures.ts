import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import {
  distance,
  doubleTapZoom,
  isDoubleTap,
  isTap,
  midpoint,
  pinchZoom,
  previewStyle,
  swipeDirection,
} from './math';
import type { Point, Tap } from './math';

export interface TouchGestureOptions {
  /** The model's zoom now (1 = 100 %). */
  zoom: () => number;
  min: number;
  max: number;
  /** Two-finger pinch zoom (off with `isMobScaleDisabled`). */
  pinch: boolean;
  /** Horizontal swipes turn pages (one page at a time on phones). */
  swipe: boolean;
  /** The zoom at which the current page fills the width, once the pages are laid out. */
  fitWidth: () => number | undefined;
  /** Zoom to `zoom` keeping the client point `origin` still (through the model). */
  zoomTo: (zoom: number, origin?: Point) => void;
  turn: (direction: 'next' | 'previous') => void;
}

interface Pinch {
  startZoom: number;
  startDistance: number;
  /** Client point between the fingers at the start: kept still. */
  origin: Point;
  /** The same point in the scaled element's own coordinates, for transform-origin. */
  localOrigin: Point;
  zoom: number;
}

const point = (touch: Touch): Point => ({ x: touch.clientX, y: touch.clientY });

/**
 * Touch gestures on the pages: pinch (previewed as a CSS transform on `scaled`, one real zoom
 * when the fingers lift), swipe (page turns) and double-tap (fit width, again: back). The
 * browser's own pinch and double-tap zoom never start there (`touch-action: pan-x pan-y` on the
 * container, PdfView.css); one-finger scrolling stays native.
 */
export function useTouchGestures(
  containerRef: RefObject<HTMLElement | null>,
  scaledRef: RefObject<HTMLElement | null>,
  options: TouchGestureOptions,
): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const container = containerRef.current;
    const scaled = scaledRef.current;
    if (!container || !scaled) return undefined;
    let pinch: Pinch | undefined;
    // One finger: where and when it went down; undefined once the gesture is no tap or swipe.
    let single:
      { start: Point; time: number; edges: Record<'next' | 'previous', boolean> } | undefined;
    let lastTap: Tap | undefined;
    let zoomBeforeFit: number | undefined;

    const clearPreview = () => {
      scaled.style.transform = '';
      scaled.style.transformOrigin = '';
      scaled.style.willChange = '';
    };

    const onStart = (event: TouchEvent) => {
      const o = latest.current;
      const [a, b] = [event.touches.item(0), event.touches.item(1)];
      if (event.touches.length === 1 && a) {
        // Where the page stood when the finger went down: a swipe that pans a zoomed-in page
        // up to its edge is not yet a page turn.
        const edges = { next: atEdge(container, 'next'), previous: atEdge(container, 'previous') };
        single = { start: point(a), time: event.timeStamp, edges };
        return;
      }
      single = undefined;
      lastTap = undefined;
      if (event.touches.length !== 2 || !a || !b || !o.pinch) return;
      event.preventDefault();
      const origin = midpoint(point(a), point(b));
      const rect = scaled.getBoundingClientRect();
      pinch = {
        startZoom: o.zoom(),
        startDistance: distance(point(a), point(b)),
        origin,
        localOrigin: { x: origin.x - rect.left, y: origin.y - rect.top },
        zoom: o.zoom(),
      };
      scaled.style.willChange = 'transform';
    };

    const onMove = (event: TouchEvent) => {
      if (single) {
        holdSwipe(event, single);
        return;
      }
      if (!pinch) return;
      const [a, b] = [event.touches.item(0), event.touches.item(1)];
      if (!a || !b) return;
      event.preventDefault();
      const { min, max } = latest.current;
      const zoom = pinchZoom(
        pinch.startZoom,
        pinch.startDistance,
        distance(point(a), point(b)),
        min,
        max,
      );
      if (zoom === undefined) return;
      pinch.zoom = zoom;
      Object.assign(scaled.style, previewStyle(zoom / pinch.startZoom, pinch.localOrigin));
    };

    // A sideways drag that will turn the page must not scroll at all: past the edge Chromium takes
    // it for its own Back/Forward swipe and leaves Folio (PdfView.css's overscroll-behavior alone
    // did not stop that in the phone test).
    const holdSwipe = (event: TouchEvent, { start, edges }: NonNullable<typeof single>) => {
      const touch = event.touches.item(0);
      if (!latest.current.swipe || !touch || !event.cancelable) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (Math.abs(dx) <= Math.abs(dy)) return;
      if (edges[dx < 0 ? 'next' : 'previous']) event.preventDefault();
    };

    const onEnd = (event: TouchEvent) => {
      const o = latest.current;
      if (pinch) {
        // The pinch ends with its first lifted finger; the other one does nothing more.
        if (event.touches.length >= 2) return;
        const { zoom, startZoom, origin } = pinch;
        pinch = undefined;
        clearPreview();
        if (Math.abs(zoom - startZoom) >= 0.005) o.zoomTo(zoom, origin);
        return;
      }
      const touch = event.changedTouches.item(0);
      if (!single || !touch || event.touches.length > 0) return;
      const { start, time, edges } = single;
      single = undefined;
      const end = point(touch);
      const duration = event.timeStamp - time;
      const direction = o.swipe ? swipeDirection(start, end, duration) : undefined;
      if (direction && edges[direction]) {
        lastTap = undefined;
        o.turn(direction);
        return;
      }
      if (!isTap(start, end, duration)) {
        lastTap = undefined;
        return;
      }
      const tap = { at: end, time: event.timeStamp };
      if (!isDoubleTap(lastTap, tap)) {
        lastTap = tap;
        return;
      }
      lastTap = undefined;
      const fit = o.fitWidth();
      if (fit === undefined) return;
      // No click (a link under the finger) and no browser zoom after a double-tap.
      event.preventDefault();
      const current = o.zoom();
      const next = doubleTapZoom(current, Math.min(o.max, Math.max(o.min, fit)), zoomBeforeFit);
      if (next !== current) zoomBeforeFit = current;
      o.zoomTo(next, end);
    };

    const onCancel = () => {
      if (pinch) clearPreview();
      pinch = undefined;
      single = undefined;
    };

    container.addEventListener('touchstart', onStart, { passive: false });
    container.addEventListener('touchmove', onMove, { passive: false });
    container.addEventListener('touchend', onEnd, { passive: false });
    container.addEventListener('touchcancel', onCancel);
    return () => {
      container.removeEventListener('touchstart', onStart);
      container.removeEventListener('touchmove', onMove);
      container.removeEventListener('touchend', onEnd);
      container.removeEventListener('touchcancel', onCancel);
      clearPreview();
    };
  }, [containerRef, scaledRef]);
}

/**
 * A swipe turns the page only where the page cannot scroll further that way (a zoomed-in page
 * pans first), so it never fights native scrolling. An overflow of a few pixels (pdf.js's page
 * border, the model's rounded zoom) is no page to pan.
 */
const PAN_SLACK = 24;

function atEdge(container: HTMLElement, direction: 'next' | 'previous'): boolean {
  const { scrollLeft, scrollWidth, clientWidth } = container;
  if (scrollWidth - clientWidth <= PAN_SLACK) return true;
  return direction === 'next' ? scrollLeft + clientWidth >= scrollWidth - 2 : scrollLeft <= 2;
}
