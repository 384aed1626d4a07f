/** The `shortcutsHelp` model's action creators, made once: reducers, subscriptions and components use these. */
import { modelActions } from '../../runtime';
import { shortcutsHelpReducers } from './reducers';

export const shortcutsHelpActions = modelActions('shortcutsHelp', shortcutsHelpReducers);
