/**
 * The loading model: dva-loading's public shape `{ global, models, effects }`, but counted. Each
 * effect run shows on start and hides in `finally`, so a cancelled, throwing or concurrent run can
 * never leave a namespace stuck loading.
 */
import * as saga from 'redux-saga/effects';
import { defineModel } from './defineModel';
import type { Action, AnyActionCreator } from './types';
import type { Plugin } from './plugin';

export const LOADING = 'loading';

export interface LoadingState {
  global: boolean;
  models: Record<string, boolean>;
  effects: Record<string, boolean>;
  /** Runs in flight per effect type; the booleans above are derived from it. */
  running: Record<string, number>;
}

export interface LoadingPayload {
  namespace: string;
  actionType: string;
}

const initialLoading: LoadingState = { global: false, models: {}, effects: {}, running: {} };

function recount(state: LoadingState, { namespace, actionType }: LoadingPayload, by: 1 | -1) {
  const count = Math.max(0, (state.running[actionType] ?? 0) + by);
  const running = { ...state.running, [actionType]: count };
  const prefix = `${namespace}/`;
  const modelBusy = Object.entries(running).some(([t, n]) => n > 0 && t.startsWith(prefix));
  const models = { ...state.models, [namespace]: modelBusy };
  return {
    global: Object.values(models).some(Boolean),
    models,
    effects: { ...state.effects, [actionType]: count > 0 },
    running,
  };
}

/** Whether an effect is running, asked by its creator: `useAppSelector(effectLoading(download))`. */
export const effectLoading =
  (creator: AnyActionCreator) =>
  (state: { [LOADING]: LoadingState }): boolean =>
    state[LOADING].effects[creator.type] ?? false;

export const loadingModel = defineModel({
  namespace: LOADING,
  state: initialLoading,
  reducers: {
    show: (state, { payload }: Action<LoadingPayload>) => recount(state, payload, 1),
    hide: (state, { payload }: Action<LoadingPayload>) => recount(state, payload, -1),
  },
});

/**
 * `app.use(loadingPlugin)` with `loadingModel` in the model list. Watchers live as long as their
 * model, so they never count as loading (dva-loading shows them loading forever).
 */
export const loadingPlugin: Plugin = {
  onEffect(effect, { namespace, actionType, mode }) {
    if (mode === 'watcher') return effect;
    const payload = { namespace, actionType };
    return function* loadingEffect(action) {
      yield saga.put(loadingModel.actions.show(payload));
      try {
        return yield* effect(action);
      } finally {
        yield saga.put(loadingModel.actions.hide(payload));
      }
    };
  },
};
