import { useRef } from 'react';
import type { MouseEvent, PointerEvent } from 'react';

/** A click this soon after a tap already acted on is the tap's own click, not a second press. */
const TAP_CLICK_MS = 1000;

/**
 * Props for a button that must answer the first finger tap. Chromium does not always synthesise a
 * click for a tap: on the signature pad, after a long stroke on a canvas whose pixels had been
 * read back, the first tap on Confirm or Cancel produced pointer and touch events but no click
 * (docs/decisions/2026-11-24-first-tap-after-a-stroke.md). So a touch or pen press released over
 * the button acts on pointerup, and the click that may follow is ignored; a mouse and the keyboard
 * (Enter and Space make a click) act on click as before.
 */
export function useTapAction(action: () => void) {
  const pressed = useRef<number | undefined>(undefined);
  const tappedAt = useRef<number | undefined>(undefined);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      pressed.current = event.pointerType === 'mouse' ? undefined : event.pointerId;
    },
    onPointerCancel: () => {
      pressed.current = undefined;
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (pressed.current !== event.pointerId) return;
      pressed.current = undefined;
      const box = event.currentTarget.getBoundingClientRect();
      const over =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!over) return;
      tappedAt.current = event.timeStamp;
      action();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      const tapped = tappedAt.current;
      tappedAt.current = undefined;
      if (tapped !== undefined && event.timeStamp - tapped < TAP_CLICK_MS) return;
      action();
    },
  };
}
