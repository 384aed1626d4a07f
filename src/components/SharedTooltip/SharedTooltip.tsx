import { Tooltip } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** antd's own tooltip delays (mouseEnterDelay and mouseLeaveDelay, 0.1 s). */
export const SHARED_TOOLTIP_DELAY_MS = 100;

export interface SharedTooltip {
  /** Shows `text` over `target` after the delay (replacing any other tooltip). */
  show(target: HTMLElement, text: string): void;
  /** Hides the tooltip after the delay, if it is `target`'s. */
  hide(target: HTMLElement): void;
  /** New text for `target`'s tooltip while it shows (a toggle's label changed under the pointer). */
  retitle(target: HTMLElement, text: string): void;
}

interface Tip {
  target: HTMLElement;
  text: string;
  box: CSSProperties;
  /** A new tooltip per target, so antd aligns it afresh. */
  key: number;
}

const SharedTooltipContext = createContext<SharedTooltip | undefined>(undefined);

/** The shared tooltip, or undefined outside a SharedTooltipProvider (no tooltip then). */
export function useSharedTooltip(): SharedTooltip | undefined {
  return useContext(SharedTooltipContext);
}

/**
 * One antd Tooltip for all the toolbars' buttons, put over the button under the pointer. A
 * Tooltip per button mounted antd's popup machinery twenty-odd times, ≈ 0.6 MB of JS heap for
 * tooltips the reader sees one at a time (docs/benchmarks.md, "Where Folio's JS heap goes").
 */
export function SharedTooltipProvider({ children }: { children: ReactNode }) {
  const [tip, setTip] = useState<Tip>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What shows, kept here too so that calls about other buttons change no state.
  const showing = useRef<Tip>(undefined);
  const count = useRef(0);
  const api = useMemo<SharedTooltip>(() => {
    const set = (next: Tip | undefined) => {
      showing.current = next;
      setTip(next);
    };
    const later = (update: () => void) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(update, SHARED_TOOLTIP_DELAY_MS);
    };
    return {
      show(target, text) {
        later(() => {
          if (!target.isConnected) return;
          const { left, top, width, height } = target.getBoundingClientRect();
          count.current += 1;
          set({ target, text, box: { left, top, width, height }, key: count.current });
        });
      },
      hide(target) {
        later(() => {
          if (showing.current?.target === target) set(undefined);
        });
      },
      retitle(target, text) {
        const current = showing.current;
        if (current?.target === target && current.text !== text) set({ ...current, text });
      },
    };
  }, []);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );
  return (
    <SharedTooltipContext.Provider value={api}>
      {children}
      {tip &&
        createPortal(
          <Tooltip key={tip.key} open title={tip.text}>
            <span
              aria-hidden="true"
              style={{ ...tip.box, position: 'fixed', pointerEvents: 'none' }}
            />
          </Tooltip>,
          document.body,
        )}
    </SharedTooltipContext.Provider>
  );
}
