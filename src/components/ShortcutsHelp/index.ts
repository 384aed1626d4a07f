export { ShortcutsHelp } from './ShortcutsHelp';
