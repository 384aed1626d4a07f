import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType, CSSProperties, MouseEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { TooltipOverProps } from './TooltipOver';

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
 * One tooltip for all the toolbars' buttons, put over the button under the pointer. A
 * Tooltip per button mounted antd's popup machinery twenty-odd times, ≈ 0.6 MB of JS heap for
 * tooltips the reader sees one at a time (docs/benchmarks.md, "Where Folio's JS heap goes").
 * The tooltip itself (`Tip`, antd's: TooltipOver) comes with `reading-panels`; until it has, the
 * provider keeps what to show and shows nothing
 * (docs/decisions/2026-11-27-toolbar-without-antd.md).
 */
export function SharedTooltipProvider({
  Tip,
  children,
}: {
  Tip?: ComponentType<TooltipOverProps>;
  children: ReactNode;
}) {
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
        Tip &&
        createPortal(<Tip key={tip.key} text={tip.text} box={tip.box} />, document.body)}
    </SharedTooltipContext.Provider>
  );
}

/**
 * Pointer handlers that show `text` in the shared tooltip over the element they are put on (a
 * title cut short by its width), or none outside a provider.
 */
export function useHoverTip(text: string): {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
} {
  const shared = useSharedTooltip();
  if (!shared) return {};
  return {
    onMouseEnter: (event) => {
      shared.show(event.currentTarget, text);
    },
    onMouseLeave: (event) => {
      shared.hide(event.currentTarget);
    },
  };
}
