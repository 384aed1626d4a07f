import type { Action } from '../../runtime';
import type { LinkState } from './state';

export const linkReducers = {
  /** A token arrived (the link's, or the host's renewal): its clock starts over. */
  tokenSet: (_state: LinkState, { payload }: Action<number | undefined>): LinkState => ({
    expiresAt: payload,
    expired: false,
  }),
  expired: (state: LinkState): LinkState => ({ ...state, expired: true }),
};
