/** The `token` model's start: the token the address bar carried (services/adoptToken.ts). */
import type { SubscriptionsMap } from '../../runtime';
import { facilityToken } from '../../services/facilityAuth';
import { tokenActions } from './actions';

export const tokenSubscriptions = {
  /** The link's token, adopted before the app started, starts the clock. */
  adopted({ dispatch }) {
    const token = facilityToken();
    if (token !== undefined) void dispatch(tokenActions.setToken(token));
    return undefined;
  },
} satisfies SubscriptionsMap;
