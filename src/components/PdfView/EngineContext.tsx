import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Engine } from '../../services/pdf/engine';

interface EngineSlot {
  engine: Engine | undefined;
  setEngine: (engine: Engine | undefined) => void;
  /** The PDF could not be opened: no engine is coming (until a retry). */
  openFailed: boolean;
  setOpenFailed: (failed: boolean) => void;
  /** pdf.js has drawn a page (or its error tile) of this document. */
  pageShown: boolean;
  setPageShown: (shown: boolean) => void;
}

const EngineContext = createContext<EngineSlot>({
  engine: undefined,
  setEngine: () => undefined,
  openFailed: false,
  setOpenFailed: () => undefined,
  pageShown: false,
  setPageShown: () => undefined,
});

/**
 * Shares the open document's engine (pdf.js viewer, event bus, find controller) with the panels
 * and controls around the pages: thumbnails, outline, search, print.
 */
export function EngineProvider({ children }: { children: ReactNode }) {
  const [engine, setEngine] = useState<Engine | undefined>();
  const [openFailed, setOpenFailed] = useState(false);
  const [pageShown, setPageShown] = useState(false);
  const slot = useMemo(
    () => ({ engine, setEngine, openFailed, setOpenFailed, pageShown, setPageShown }),
    [engine, openFailed, pageShown],
  );
  return <EngineContext.Provider value={slot}>{children}</EngineContext.Provider>;
}

/** The engine of the document on screen, or undefined while none is open. */
export function useEngine(): Engine | undefined {
  return useContext(EngineContext).engine;
}

export function useSetEngine(): (engine: Engine | undefined) => void {
  return useContext(EngineContext).setEngine;
}

/** Whether opening the PDF failed, so panels waiting for the engine can say so. */
export function useOpenFailed(): boolean {
  return useContext(EngineContext).openFailed;
}

/** Whether the reader sees a page yet: the first one pdf.js drew, or its error tile. */
export function usePageShown(): boolean {
  return useContext(EngineContext).pageShown;
}

export function useSetPageShown(): (shown: boolean) => void {
  return useContext(EngineContext).setPageShown;
}

/** The PDF's opener reports a failure (true) and its end (a retry, another file, unmount). */
export function useReportOpenFailed(failed: boolean): void {
  const { setOpenFailed } = useContext(EngineContext);
  useEffect(() => {
    setOpenFailed(failed);
    return () => {
      setOpenFailed(false);
    };
  }, [failed, setOpenFailed]);
}
