import { shellMessages } from './shell';
import { documentMessages } from './document';
import { engineMessages } from './engine';
import { toolbarMessages } from './toolbar';

/**
 * The strings that more than one layer reads: the shell's, the open document's states, the
 * engine's (models, services, pages and several components) and the toolbar's (its components and
 * the boot bar). A component's own strings live
 * beside it, in its folder's `messages.ts` (architecture.md, "Strings").
 */
export const messages = {
  ...shellMessages,
  ...documentMessages,
  ...engineMessages,
  ...toolbarMessages,
};

export type MessageKey = keyof typeof messages;
