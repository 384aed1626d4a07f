/** The `link` model's start: the token the address bar carried (services/linkToken.ts). */
import type { SubscriptionsMap } from '../../runtime';
import { facilityToken } from '../../services/facilityAuth';
import { effectActions } from '../../runtime';
import { linkEffects } from './effects';

const actions = effectActions('link', linkEffects);

export const linkSubscriptions = {
  /** The link's token, adopted before the app started, starts the clock. */
  adopted({ dispatch }) {
    const token = facilityToken();
    if (token !== undefined) void dispatch(actions.setToken(token));
    return undefined;
  },
} satisfies SubscriptionsMap;
