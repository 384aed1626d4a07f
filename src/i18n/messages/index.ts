import { shellMessages } from './shell';
import { documentMessages } from './document';
import { toolbarMessages } from './toolbar';
import { engineMessages } from './engine';
import { panelsMessages } from './panels';
import { policyMessages } from './policy';

/** Every UI string, by area: one file per area so that features own their strings. */
export const messages = {
  ...shellMessages,
  ...documentMessages,
  ...toolbarMessages,
  ...engineMessages,
  ...panelsMessages,
  ...policyMessages,
};

export type MessageKey = keyof typeof messages;
