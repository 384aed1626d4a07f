/**
 * The `shortcutsHelp` model's state: the keyboard shortcuts help (`?`, behaviour.md, "The reading
 * view") is open. The shortcuts themselves are the doc model's keys (its subscriptions' table).
 */
export interface ShortcutsHelpState {
  open: boolean;
}

export const initialShortcutsHelpState: ShortcutsHelpState = { open: false };
