/**
 * Ctrl/⌘ shortcuts that reach a document's bytes (Ctrl+S, Ctrl+P; behaviour.md, "The facility's policy", contracts §5b): the
 * facility's policy flag decides. With the flag off (for the document shown or last shown) the
 * key is swallowed, so the browser's own Save or Print never runs; with a document shown and the
 * flag on, Folio's own action runs instead of the browser's; before any document the key is the
 * browser's.
 */
import type { AnyAction, SubscriptionApi } from '../../runtime';
import type { DocState } from '../doc/state';
import { VIEW_TRAITS } from '../../domain/view';

export type CommandKeys = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/**
 * Ctrl+`letter` or ⌘+`letter`, with or without Shift. `code` too: on a non-Latin layout `key` is
 * another letter while the browser still saves or prints.
 */
export function isCommandKey(
  { key, code, ctrlKey, metaKey, altKey }: CommandKeys,
  letter: string,
): boolean {
  if (altKey || ctrlKey === metaKey) return false;
  return key.toLowerCase() === letter || code === `Key${letter.toUpperCase()}`;
}

export interface PolicyShortcut {
  /** The lower-case letter pressed with Ctrl or ⌘. */
  letter: string;
  flag: 'download' | 'print';
  /** What the key does when the flag allows it, for the document shown. */
  action: (doc: DocState) => AnyAction;
}

/** Listens on the window in the capture phase, so no element can stop the key first. */
export function policyShortcut(
  { dispatch, select }: SubscriptionApi,
  { letter, flag, action }: PolicyShortcut,
): () => void {
  // A listing or a player has nothing to print (docs/decisions/2026-12-06-listing-view.md):
  // Ctrl/⌘+P is swallowed there, as when the policy forbids printing; a grid prints its pages
  // (2026-12-06-sheet-print.md). Their download is the original's.
  const policy = ({ doc }: { doc: DocState }) => {
    if (flag === 'print' && !VIEW_TRAITS[doc.docData.view].prints) return false;
    return doc.status === 'ready' && doc.docData.param[flag] ? 'allowed' : doc.docData.param[flag];
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isCommandKey(event, letter)) return;
    const allowed = select(policy);
    if (allowed === true) return;
    event.preventDefault();
    if (allowed === 'allowed' && !event.repeat) {
      void dispatch(action(select(({ doc }: { doc: DocState }) => doc)));
    }
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  return () => {
    window.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}
