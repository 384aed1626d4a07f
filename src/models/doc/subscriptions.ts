/** The doc model's global listeners, one file per concern: the keys, and the browser's fullscreen. */
import { displaySubscriptions } from './display/subscriptions';
import { keySubscriptions } from './keys/subscriptions';

export const docSubscriptions = { ...keySubscriptions, ...displaySubscriptions };
