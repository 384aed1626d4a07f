import type { Action } from '../../runtime';
import type { TokenState } from './state';

export const tokenReducers = {
  /** A token arrived (the link's, or the host's renewal): its clock starts over. */
  tokenSet: (_state: TokenState, { payload }: Action<number | undefined>): TokenState => ({
    expiresAt: payload,
    expired: false,
  }),
  expired: (state: TokenState): TokenState => ({ ...state, expired: true }),
};
