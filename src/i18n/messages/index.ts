import { shellMessages } from './shell';
import { documentMessages } from './document';
import { toolbarMessages } from './toolbar';
import { engineMessages } from './engine';
import { panelsMessages } from './panels';
import { policyMessages } from './policy';
import { searchMessages } from './search';
import { fullscreenMessages } from './fullscreen';
import { signMessages } from './sign';
import { printMessages } from './print';
import { mobileMessages } from './mobile';
import { shortcutsMessages } from './shortcuts';

/** Every UI string, by area: one file per area so that features own their strings. */
export const messages = {
  ...shellMessages,
  ...documentMessages,
  ...toolbarMessages,
  ...engineMessages,
  ...panelsMessages,
  ...policyMessages,
  ...searchMessages,
  ...fullscreenMessages,
  ...signMessages,
  ...printMessages,
  ...mobileMessages,
  ...shortcutsMessages,
};

export type MessageKey = keyof typeof messages;
