/** The `shortcutsHelp` model: whether the keyboard shortcuts help is open. */
import { defineModel } from '../../runtime';
import { shortcutsHelpActions } from './actions';
import { shortcutsHelpReducers } from './reducers';
import { initialShortcutsHelpState } from './state';

export const shortcutsHelpModel = defineModel({
  namespace: 'shortcutsHelp',
  actions: shortcutsHelpActions,
  state: initialShortcutsHelpState,
  reducers: shortcutsHelpReducers,
});

export type ShortcutsHelpModel = typeof shortcutsHelpModel;
export * from './state';
export { selectShortcutsHelpOpen } from './selectors';
export { shortcutsHelpActions };
