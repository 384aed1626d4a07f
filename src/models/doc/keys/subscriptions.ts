/**
 * The doc model's keys (contracts §1: subscriptions own their listeners and return unlisteners):
 * the page and zoom keys, and `?`, which opens the shortcuts help.
 *
 * Keyboard shortcuts (behaviour.md, "The reading view"): ArrowLeft/PageUp and ArrowRight/PageDown turn pages, Home/End go
 * to the first/last page, Ctrl/⌘ `+`/`=`, `-`, `0` zoom in, out and to 100 % instead of the
 * browser's own page zoom, `?` opens the shortcuts help. ArrowUp/ArrowDown stay native scrolling.
 */
import type { AnyAction, SubscriptionsMap } from '../../../runtime';
import { shortcutsHelpActions } from '../../shortcutsHelp/actions';
import { docActions as actions } from '../actions';
import type { DocState } from '../state';

/** A page number past any document's end; `setPage` clamps it to the last page. */
export const LAST_PAGE = Number.MAX_SAFE_INTEGER;

export type ShortcutKeys = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'
>;

/** What the `?` help calls each shortcut (its line in ShortcutsHelp). */
export type ShortcutId =
  | 'previousPage'
  | 'nextPage'
  | 'firstPage'
  | 'lastPage'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomReset'
  | 'help';

/** One shortcut of this model: the keys (KeyboardEvent.key), its help line and its action. */
export interface DocShortcut {
  keys: readonly string[];
  id: ShortcutId;
  action: () => AnyAction;
}

/**
 * The one table of the page and zoom keys: the handler below reads it, and so does the `?` help
 * (src/components/ShortcutsHelp), so the help cannot list a key that does nothing.
 */
export const PAGE_SHORTCUTS: readonly DocShortcut[] = [
  { keys: ['ArrowLeft', 'PageUp'], id: 'previousPage', action: () => actions.prevPage() },
  { keys: ['ArrowRight', 'PageDown'], id: 'nextPage', action: () => actions.nextPage() },
  { keys: ['Home'], id: 'firstPage', action: () => actions.setPage(1) },
  { keys: ['End'], id: 'lastPage', action: () => actions.setPage(LAST_PAGE) },
];

/** With Ctrl or ⌘. */
export const ZOOM_SHORTCUTS: readonly DocShortcut[] = [
  { keys: ['+', '='], id: 'zoomIn', action: () => actions.zoomBy(1) },
  { keys: ['-'], id: 'zoomOut', action: () => actions.zoomBy(-1) },
  { keys: ['0'], id: 'zoomReset', action: () => actions.zoomTo(100) },
];

/** `?` (Shift+/ on many layouts) opens the keyboard shortcuts help. */
export const HELP_SHORTCUT: DocShortcut = {
  keys: ['?'],
  id: 'help',
  action: () => shortcutsHelpActions.setOpen(true),
};

const byKey = (table: readonly DocShortcut[]) =>
  new Map(table.flatMap(({ keys, action }) => keys.map((key) => [key, action] as const)));
const PAGE_KEYS = byKey(PAGE_SHORTCUTS);
const ZOOM_KEYS = byKey(ZOOM_SHORTCUTS);

/**
 * The action a key press stands for, or undefined when it is not a shortcut. Page keys take no
 * modifier at all; zoom keys take Ctrl or ⌘ alone, plus Shift only for `+`, which is a shifted key
 * on many layouts (US: Shift+=). Any other modifier leaves the key to the browser.
 */
export function shortcutAction(keys: ShortcutKeys): AnyAction | undefined {
  const { key, ctrlKey, metaKey, altKey, shiftKey } = keys;
  if (altKey) return undefined;
  if (ctrlKey || metaKey) {
    if (ctrlKey && metaKey) return undefined;
    if (shiftKey && key !== '+') return undefined;
    return ZOOM_KEYS.get(key)?.();
  }
  // `?` is a shifted key on most layouts, so Shift is allowed for it alone.
  if (HELP_SHORTCUT.keys.includes(key)) return HELP_SHORTCUT.action();
  if (shiftKey) return undefined;
  return PAGE_KEYS.get(key)?.();
}

/** Where typing goes to the focused element, so no key is a shortcut. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Widgets that move their own focus with arrows, Home and End (ARIA composite widgets: the outline
 * tree, menus such as the zoom presets, tabs): page keys stay theirs; zoom keys still work.
 */
const OWNS_ARROWS =
  '[role="tree"], [role="treegrid"], [role="grid"], [role="menu"], [role="menubar"], ' +
  '[role="listbox"], [role="tablist"], [role="radiogroup"], [role="slider"], [role="spinbutton"]';

function targetElement(event: Event): Element | undefined {
  // composedPath()[0] is the real target inside a shadow root (event.target is its host).
  const target = event.composedPath().at(0) ?? event.target;
  return target instanceof Element ? target : undefined;
}

export function isEditableTarget(element: Element | undefined): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.closest(EDITABLE) !== null;
}

function ownsArrows(element: Element | undefined): boolean {
  return element?.closest(OWNS_ARROWS) != null;
}

/** The shortcut for this event as it reaches the window, or undefined to leave it alone. */
export function shortcutForEvent(event: KeyboardEvent): AnyAction | undefined {
  if (event.defaultPrevented || event.isComposing) return undefined;
  const action = shortcutAction(event);
  if (!action) return undefined;
  const target = targetElement(event);
  if (isEditableTarget(target)) return undefined;
  const isPageKey = !event.ctrlKey && !event.metaKey;
  if (isPageKey && ownsArrows(target)) return undefined;
  return action;
}

/**
 * The page and zoom keys are for pages: a listing (docs/decisions/2026-12-06-listing-view.md) has
 * none, and there Ctrl/⌘ + stays the browser's zoom and Home/End scroll the list.
 */
const selectKeysApply = (state: { doc: DocState }) =>
  state.doc.status === 'ready' && state.doc.docData.view === 'pages';

export const keySubscriptions = {
  /**
   * Only while a document's pages are shown: on the empty state, an error page or a listing,
   * Ctrl/⌘ + must stay the browser's zoom (a reader may need it to read the message).
   */
  keyboard({ dispatch, select }) {
    if (typeof window === 'undefined') return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!select(selectKeysApply)) return;
      const action = shortcutForEvent(event);
      if (!action) return;
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  },
} satisfies SubscriptionsMap;
