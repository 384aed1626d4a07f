import { NARROW_SCREEN_QUERY } from '../../../config/defaults';
import type { SubscriptionsMap } from '../../runtime';
import { listenToHost } from '../../services/host/channel';
import { commandAction } from './commands';

export const hostSubscriptions = {
  /** The host's commands, from its origin only (services/host/channel.ts). */
  commands({ dispatch, select }) {
    if (typeof window === 'undefined') return undefined;
    return listenToHost((command) => {
      const narrow = 'matchMedia' in window && window.matchMedia(NARROW_SCREEN_QUERY).matches;
      const action = commandAction(
        command,
        select((state) => state.doc),
        narrow,
      );
      if (action) dispatch(action);
    });
  },
} satisfies SubscriptionsMap;
