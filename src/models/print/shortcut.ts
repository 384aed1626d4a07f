/**
 * Ctrl/⌘+P (issue 5, contracts §5b `print`): with a document shown and `print` on, the print dialog
 * opens instead of the browser's print of the page; with `print` off it is swallowed (see
 * policyShortcut). The browser's own menu bypasses keys: Print.css covers that.
 */
import type { SubscriptionApi } from '../../runtime';
import { isCommandKey, policyShortcut } from '../policyShortcut';
import type { CommandKeys } from '../policyShortcut';
import { printReducerActions } from './effects';

export const isPrintShortcut = (keys: CommandKeys): boolean => isCommandKey(keys, 'p');

export function printShortcut(api: SubscriptionApi): () => void {
  return policyShortcut(api, {
    letter: 'p',
    flag: 'print',
    action: () => printReducerActions.openDialog(),
  });
}
