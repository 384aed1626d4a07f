export { ShortcutsHelp, ShortcutsHelpButton } from './ShortcutsHelp';
