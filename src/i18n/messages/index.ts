import { shellMessages } from './shell';
import { documentMessages } from './document';
import { engineMessages } from './engine';

/**
 * The strings that more than one layer reads: the shell's, the open document's states and the
 * engine's (models, services, pages and several components). A component's own strings live
 * beside it, in its folder's `messages.ts` (architecture.md, "Strings").
 */
export const messages = {
  ...shellMessages,
  ...documentMessages,
  ...engineMessages,
};

export type MessageKey = keyof typeof messages;
