/**
 * umi's initial-state model: `getInitialState()` runs once at start; until it settles the app
 * renders nothing or its loading view (see InitialStateGate). `refresh` runs it again.
 */
import { defineModel, reducerActions } from './defineModel';
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
  const reducers = {
    loaded: (_: InitialStateState<T>, { payload }: Action<T>): InitialStateState<T> => ({
      initialState: payload,
      loading: false,
      error: undefined,
    }),
    failed: (current: InitialStateState<T>, { payload }: Action<string>): InitialStateState<T> => ({
      ...current,
      loading: false,
      error: payload,
    }),
  };
  const { loaded, failed } = reducerActions(INITIAL_STATE, reducers);
  return defineModel({
    namespace: INITIAL_STATE,
    state,
    reducers,
    effects: {
      *refresh(_: Action, { call, put }) {
        try {
          const value = yield* call(getInitialState);
          yield* put(loaded(value));
        } catch (error) {
          yield* put(failed(toError(error).message));
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
