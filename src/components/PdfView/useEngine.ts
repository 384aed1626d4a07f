import { useSyncExternalStore } from 'react';
import { pdfSession } from '../../services/pdf/session';
import type { Engine } from '../../services/pdf/engine';

/**
 * The one way a component reaches the open document's engine (services/pdf/session.ts): the
 * engine of the document on screen, or undefined while none is open. Re-renders when it changes.
 */
export function useEngine(): Engine | undefined {
  return useSyncExternalStore(pdfSession.subscribe, pdfSession.engine);
}
