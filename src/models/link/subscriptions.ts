/** The `link` model's start: the token the address bar carried (services/linkToken.ts). */
import type { SubscriptionsMap } from '../../runtime';
import { facilityToken } from '../../services/facilityAuth';
import { linkActions } from './actions';

export const linkSubscriptions = {
  /** The link's token, adopted before the app started, starts the clock. */
  adopted({ dispatch }) {
    const token = facilityToken();
    if (token !== undefined) void dispatch(linkActions.setToken(token));
    return undefined;
  },
} satisfies SubscriptionsMap;
