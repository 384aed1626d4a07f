/**
 * The `print` model's global listeners. Ctrl/⌘+P (behaviour.md, "The facility's policy", contracts §5b `print`): with a document
 * shown and `print` on, the print dialog opens instead of the browser's print of the page; with
 * `print` off it is swallowed (see policyShortcut). The browser's own menu bypasses keys: Print.css
 * covers that.
 */
import type { SubscriptionsMap } from '../../runtime';
import { isCommandKey, policyShortcut } from '../shared/policyShortcut';
import type { CommandKeys } from '../shared/policyShortcut';
import { printActions } from './actions';

export const isPrintShortcut = (keys: CommandKeys): boolean => isCommandKey(keys, 'p');

export const printSubscriptions = {
  /** Ctrl/⌘+P: the print dialog when `print` allows it, else nothing at all (behaviour.md, "The facility's policy"). */
  printShortcut(api) {
    if (typeof window === 'undefined') return undefined;
    return policyShortcut(api, {
      letter: 'p',
      flag: 'print',
      // A grid has no page to choose among: its pages print whole, the browser's dialog chooses.
      action: ({ docData }) =>
        docData.view === 'sheet' ? printActions.print() : printActions.openDialog(),
    });
  },
} satisfies SubscriptionsMap;
