import type { Action } from '../../runtime';
import type { Link } from '../../url';
import type { UrlState } from './state';

export const urlReducers = {
  read: (state: UrlState, { payload }: Action<Link>): UrlState => ({ ...state, link: payload }),
  applied: (state: UrlState, { payload }: Action<string>): UrlState => ({
    ...state,
    appliedFor: payload,
  }),
};
