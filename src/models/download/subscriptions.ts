/**
 * The `download` model's global listeners. Ctrl/⌘+S (behaviour.md, "The facility's policy",
 * contracts §5b `download`): Folio's download when `download` allows it, else nothing at all (see
 * policyShortcut), so the browser's "Save page" never runs.
 */
import type { SubscriptionsMap } from '../../runtime';
import { isCommandKey, policyShortcut } from '../shared/policyShortcut';
import type { CommandKeys } from '../shared/policyShortcut';
import { downloadActions } from './actions';

export const isSaveShortcut = (keys: CommandKeys): boolean => isCommandKey(keys, 's');

export const downloadSubscriptions = {
  saveShortcut(api) {
    if (typeof window === 'undefined') return undefined;
    return policyShortcut(api, {
      letter: 's',
      flag: 'download',
      action: () => downloadActions.download(),
    });
  },
} satisfies SubscriptionsMap;
