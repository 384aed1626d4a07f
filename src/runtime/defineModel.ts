import type {
  AnyAction,
  EffectsMap,
  Model,
  ModelDefinition,
  ReducerCreators,
  EffectCreators,
} from './types';
import { prefixType } from './prefix';

type ReducerMap = Record<string, (state: never, action: never) => unknown>;
type ReducerActions<R extends ReducerMap> = { [K in keyof R]: Parameters<R[K]>[1] };

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
export function reducerActions<T extends ReducerMap>(
  namespace: string,
  reducers: T,
): ReducerCreators<ReducerActions<T>> {
  return creatorsFor(namespace, Object.keys(reducers)) as ReducerCreators<ReducerActions<T>>;
}

/**
 * A model's creators, defined once in its `actions.ts` (docs/architecture.md, "Where things go").
 * The effects are named, each `true`, rather than passed: `actions.ts` imports the effects map as a
 * type only, so effects can import the creators without a circle. The record must name every
 * effect and no other, so a missing or stray name does not compile.
 */
export function modelActions<R extends ReducerMap, E extends EffectsMap = EffectsMap>(
  namespace: string,
  reducers: R,
  effectNames: { readonly [K in keyof E]: true } = {} as { readonly [K in keyof E]: true },
): ReducerCreators<ReducerActions<R>> & EffectCreators<E> {
  return creatorsFor(namespace, [
    ...Object.keys(reducers),
    ...Object.keys(effectNames),
  ]) as ReducerCreators<ReducerActions<R>> & EffectCreators<E>;
}

/**
 * A dva model plus typed action creators: `model.actions.zoomBy(1)` makes the action,
 * `model.actions.zoomBy.type` is its type and `.match(action)` recognises one.
 */
export function defineModel<NS extends string, S, R, E extends EffectsMap>(
  definition: ModelDefinition<NS, S, R, E> & {
    /** The creators of the model's `actions.ts`, when it has one: then they are made only there. */
    actions?: NoInfer<ReducerCreators<R> & EffectCreators<E>>;
  },
): Model<NS, S, R, E> {
  const keys = [
    ...Object.keys(definition.reducers ?? {}),
    ...Object.keys(definition.effects ?? {}),
  ];
  const actions =
    definition.actions ??
    (creatorsFor(definition.namespace, keys) as ReducerCreators<R> & EffectCreators<E>);
  return { ...definition, actions };
}
