import type { Action } from '../../runtime';
import type { Announced, HostState } from './state';

export const hostReducers = {
  /** What has now been told. */
  announced: (state: HostState, { payload }: Action<Announced>): HostState => ({
    ...state,
    announced: payload,
  }),
};
