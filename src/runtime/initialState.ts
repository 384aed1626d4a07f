/**
 * umi's initial-state model: `getInitialState()` runs once at start; until it settles the app
 * renders nothing or its loading view (see InitialStateGate). `refresh` runs it again.
 */
import { defineModel } from './defineModel';
import { toError } from './errors';
import type { Action } from './types';

export const INITIAL_STATE = '@@initialState';

export interface InitialStateState<T> {
  initialState: T | undefined;
  loading: boolean;
  error: string | undefined;
}

export function createInitialStateModel<T>(getInitialState: () => Promise<T>) {
  const state: InitialStateState<T> = { initialState: undefined, loading: true, error: undefined };
  return defineModel({
    namespace: INITIAL_STATE,
    state,
    reducers: {
      loaded: (_, { payload }: Action<T>) => ({
        initialState: payload,
        loading: false,
        error: undefined,
      }),
      failed: (current, { payload }: Action<string>) => ({
        ...current,
        loading: false,
        error: payload,
      }),
    },
    effects: {
      *refresh(_: Action, { call, put }) {
        try {
          const value = yield* call(getInitialState);
          yield* put({ type: 'loaded', payload: value });
        } catch (error) {
          yield* put({ type: 'failed', payload: toError(error).message });
        }
      },
    },
    subscriptions: {
      load({ dispatch }) {
        void dispatch({ type: 'refresh', payload: undefined });
        return undefined;
      },
    },
  });
}
