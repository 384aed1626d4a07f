/** The `sign` model's reducers: placement mode (behaviour.md, "Signatures"). */
import type { Action } from '../../runtime';
import type { Drawing, SignState } from './state';

export const signReducers = {
  /** A confirmed drawing: placement mode until it is placed or cancelled. */
  setPending: (_state: SignState, { payload }: Action<Drawing>): SignState => ({
    pending: { ...payload },
    lastImage: payload.image,
  }),
  cancelPlacement: (state: SignState): SignState => ({ ...state, pending: undefined }),
};
