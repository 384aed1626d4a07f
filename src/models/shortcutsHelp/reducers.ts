import type { Action } from '../../runtime';
import type { ShortcutsHelpState } from './state';

export const shortcutsHelpReducers = {
  /** Opens or closes the help (`?`, its toolbar control, Esc). */
  setOpen: (state: ShortcutsHelpState, { payload }: Action<boolean>): ShortcutsHelpState =>
    state.open === payload ? state : { ...state, open: payload },
};
