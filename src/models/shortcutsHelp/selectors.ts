import type { ShortcutsHelpState } from './state';

export const selectShortcutsHelpOpen = ({
  shortcutsHelp,
}: {
  shortcutsHelp: ShortcutsHelpState;
}): boolean => shortcutsHelp.open;
