/**
 * The `search` model's keyboard shortcuts (contracts §5b: `showSearch` gives "the search control and
 * Ctrl+F"). Only while a document is shown and `showSearch` is on; otherwise every key stays the
 * browser's own (its find bar included). Unlike the page keys, these work from any element, the
 * search box and the page-number input included, as a browser's own find does.
 *
 * - Ctrl/⌘+F opens the find bar (or puts the keyboard back in its box);
 * - F3 / Shift+F3 and Ctrl/⌘+G / Ctrl/⌘+Shift+G go to the next / previous match.
 *
 * Enter, Shift+Enter and Esc belong to the find bar itself (they mean other things elsewhere).
 */
import type { AnyAction, SubscriptionsMap } from '../../runtime';
import { searchActions } from './actions';
import { selectSearchAvailable } from './selectors';

export type SearchKeys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** The action a key press stands for, or undefined when it is not a search shortcut. */
export function searchShortcut(keys: SearchKeys): AnyAction | undefined {
  const { key, ctrlKey, metaKey, altKey, shiftKey } = keys;
  if (altKey) return undefined;
  const command = ctrlKey !== metaKey; // exactly one of Ctrl and ⌘
  if (key === 'F3' && !ctrlKey && !metaKey) {
    return shiftKey ? searchActions.findPrevious() : searchActions.findNext();
  }
  if (!command) return undefined;
  // Ctrl+F with Caps Lock on reports 'F'; Shift+F is another browser's command.
  if (key.toLowerCase() === 'f' && !shiftKey) return searchActions.open();
  if (key.toLowerCase() === 'g') {
    return shiftKey ? searchActions.findPrevious() : searchActions.findNext();
  }
  return undefined;
}

export const searchSubscriptions = {
  keyboard({ dispatch, select }) {
    if (typeof window === 'undefined') return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = searchShortcut(event);
      if (!action || !select(selectSearchAvailable)) return;
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  },
} satisfies SubscriptionsMap;
