import { shellMessages } from './shell';
import { documentMessages } from './document';

/** Every UI string, by area: one file per area so that features own their strings. */
export const messages = { ...shellMessages, ...documentMessages };

export type MessageKey = keyof typeof messages;
