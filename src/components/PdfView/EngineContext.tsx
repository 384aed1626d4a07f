import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Engine } from './engine';

interface EngineSlot {
  engine: Engine | undefined;
  setEngine: (engine: Engine | undefined) => void;
}

const EngineContext = createContext<EngineSlot>({ engine: undefined, setEngine: () => undefined });

/**
 * Shares the open document's engine (pdf.js viewer, event bus, find controller) with the panels
 * and controls around the pages: thumbnails, outline, search, print.
 */
export function EngineProvider({ children }: { children: ReactNode }) {
  const [engine, setEngine] = useState<Engine | undefined>();
  const slot = useMemo(() => ({ engine, setEngine }), [engine]);
  return <EngineContext.Provider value={slot}>{children}</EngineContext.Provider>;
}

/** The engine of the document on screen, or undefined while none is open. */
export function useEngine(): Engine | undefined {
  return useContext(EngineContext).engine;
}

export function useSetEngine(): (engine: Engine | undefined) => void {
  return useContext(EngineContext).setEngine;
}
