/** URL → effect (docs/architecture.md): the link is followed from the start, in one place. */
import type { SubscriptionsMap } from '../../runtime';
import { followLink } from '../../url';
import { urlActions } from './actions';

export const urlSubscriptions = {
  link({ dispatch, history }) {
    return followLink(history, (link) => {
      void dispatch(urlActions.follow(link));
    });
  },
} satisfies SubscriptionsMap;
