/**
 * Ctrl/⌘+P (issue 5, DESIGN §5b `print`): with a document shown and `print` on, the print dialog
 * opens instead of the browser's print of the page; with `print` off it is swallowed. Before any
 * document it is the browser's. (The browser's own menu bypasses keys: Print.css covers that.)
 */
import type { SubscriptionApi } from '../../runtime';
import type { DocState } from '../doc/state';
import { printReducerActions } from './effects';

export type PrintKeys = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** Ctrl+P or ⌘+P, with or without Shift; `code` too, for non-Latin layouts. */
export function isPrintShortcut({ key, code, ctrlKey, metaKey, altKey }: PrintKeys): boolean {
  if (altKey || ctrlKey === metaKey) return false;
  return key.toLowerCase() === 'p' || code === 'KeyP';
}

const selectPrintPolicy = ({ doc }: { doc: DocState }) =>
  doc.status === 'ready' && doc.docData.param.print ? 'print' : doc.docData.param.print;

/** On the window in the capture phase, so no element can stop it first. */
export function printShortcut({ dispatch, select }: SubscriptionApi): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isPrintShortcut(event)) return;
    const policy = select(selectPrintPolicy);
    if (policy === true) return;
    event.preventDefault();
    if (policy === 'print' && !event.repeat) dispatch(printReducerActions.openDialog());
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  return () => {
    window.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}
