export { ShortcutsHelp } from './ShortcutsHelp';
export { ShortcutsHelpButton } from './ShortcutsHelpButton';
