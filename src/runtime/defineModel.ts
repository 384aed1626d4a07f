import type {
  AnyAction,
  EffectsMap,
  Model,
  ModelDefinition,
  ReducerCreators,
  EffectCreators,
} from './types';
import { prefixType } from './prefix';

function creatorsFor(namespace: string, keys: readonly string[]) {
  return Object.fromEntries(
    keys.map((key) => {
      const type = prefixType(namespace, key);
      const create = (payload?: unknown): AnyAction => ({ type, payload });
      const match = (action: { readonly type: string }) => action.type === type;
      return [key, Object.assign(create, { type, match })];
    }),
  );
}

/** Typed action creators for a map of reducers, for code that needs them before the model exists. */
export function reducerActions<T extends Record<string, (state: never, action: never) => unknown>>(
  namespace: string,
  reducers: T,
): ReducerCreators<{ [K in keyof T]: Parameters<T[K]>[1] }> {
  return creatorsFor(namespace, Object.keys(reducers)) as ReducerCreators<{
    [K in keyof T]: Parameters<T[K]>[1];
  }>;
}

/** Typed action creators for a map of effects, for code that needs them before the model exists. */
export function effectActions<E extends EffectsMap>(
  namespace: string,
  effects: E,
): EffectCreators<E> {
  return creatorsFor(namespace, Object.keys(effects)) as EffectCreators<E>;
}

/**
 * A dva model plus typed action creators: `model.actions.zoomBy(1)` makes the action,
 * `model.actions.zoomBy.type` is its type and `.match(action)` recognises one.
 */
export function defineModel<NS extends string, S, R, E extends EffectsMap>(
  definition: ModelDefinition<NS, S, R, E>,
): Model<NS, S, R, E> {
  const keys = [
    ...Object.keys(definition.reducers ?? {}),
    ...Object.keys(definition.effects ?? {}),
  ];
  const actions = creatorsFor(definition.namespace, keys) as ReducerCreators<R> & EffectCreators<E>;
  return { ...definition, actions };
}
