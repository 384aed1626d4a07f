/**
 * The model runtime's public types: dva's model shape, with action creators inferred from the
 * reducers and effects so that no caller ever writes an action-type string.
 */
import type { EffectCommands } from './effects';

export interface Action<P = undefined> {
  readonly type: string;
  readonly payload: P;
}

/** An action whose dispatch runs an effect; `dispatch` then returns a Promise of its result. */
export interface EffectAction<P = undefined, R = unknown> extends Action<P> {
  /** Phantom: carries the effect's result type to `dispatch`. Never set at runtime. */
  readonly __effectResult?: R;
}

export type AnyAction = Action<unknown>;

/**
 * The app registers its root state here (declaration merging, in src/models/index.ts), so that
 * `select` checks every selector against it:
 * `declare module '../runtime/types' { interface Register { state: RootState } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Register {}
/** The registered root state; `never` (any selector accepted) until an app registers one. */
export type RegisteredState = Register extends { state: infer S } ? S : never;
export type Selector<R> = (state: RegisteredState) => R;

/** What every creator carries besides making actions: its type, and a guard for its actions. */
export interface ActionCreatorMeta<A extends AnyAction> {
  readonly type: string;
  match(action: { readonly type: string }): action is A;
}
/** A creator as a pattern: what `take` and the loading lookups accept. */
export type AnyActionCreator = ActionCreatorMeta<AnyAction>;

/**
 * Reducers are written against `state: S`; `R` maps each reducer's name to the action type it
 * declares (inferred, `unknown` when it declares only `state`, i.e. takes no payload).
 */
export type ReducersOf<S, R> = { [K in keyof R]: (state: S, action: R[K]) => S };

export type EffectGenerator<R = unknown> = Generator<unknown, R, unknown>;
export type EffectFn = (action: Action<never>, commands: EffectCommands) => EffectGenerator;

/** dva's effect modes; `watcher` runs the effect once as its own long-lived saga. */
export type EffectOptions =
  | { type: 'takeEvery' }
  | { type: 'takeLatest' }
  | { type: 'takeLeading' }
  | { type: 'throttle'; ms: number }
  | { type: 'watcher' };

export type EffectDef = EffectFn | readonly [EffectFn, EffectOptions];
export type EffectsMap = Record<string, EffectDef>;

export type Dispatch = <A extends AnyAction>(action: A) => DispatchResult<A>;
export type DispatchResult<A> = '__effectResult' extends keyof A
  ? Promise<A extends EffectAction<unknown, infer R> ? R : unknown>
  : A;

/** What the URL layer gives subscriptions: enough to follow navigation without knowing the router. */
export interface HistoryLike {
  readonly location: { pathname: string; search: string; hash: string };
  listen(listener: (location: HistoryLike['location']) => void): () => void;
}

export interface SubscriptionApi {
  dispatch: Dispatch;
  history: HistoryLike;
  /**
   * Reads the store now, as an effect's `select` does: a global listener can ask whether it
   * applies before it claims an event.
   */
  select: <R>(selector: Selector<R>) => R;
}
/** A subscription returns its unlistener, run when the model is removed. */
export type Subscription = (api: SubscriptionApi) => (() => void) | undefined;
export type SubscriptionsMap = Record<string, Subscription>;

export interface ModelDefinition<NS extends string, S, R, E extends EffectsMap> {
  namespace: NS;
  state: S;
  reducers?: ReducersOf<S, R>;
  effects?: E;
  subscriptions?: SubscriptionsMap;
}

type PayloadOf<A> = A extends Action<infer P> ? P : undefined;

type EffectFnOf<D> = D extends readonly [infer F, EffectOptions] ? F : D;
type ResultOf<F> = F extends (...args: never[]) => Generator<unknown, infer R, unknown> ? R : never;
type EffectPayloadOf<F> = F extends (action: infer A, ...rest: never[]) => unknown
  ? A extends Action<infer P>
    ? P
    : undefined
  : undefined;

type Creator<P, A extends AnyAction> = ([P] extends [undefined] ? () => A : (payload: P) => A) &
  ActionCreatorMeta<A>;

export type ReducerCreators<R> = {
  readonly [K in keyof R]: Creator<PayloadOf<R[K]>, Action<PayloadOf<R[K]>>>;
};

/** No effects declared: `E` falls back to its constraint, whose string index makes no creators. */
export type EffectCreators<E> = string extends keyof E ? unknown : EffectCreatorsOf<E>;

type EffectCreatorsOf<E> = {
  readonly [K in keyof E]: Creator<
    EffectPayloadOf<EffectFnOf<E[K]>>,
    EffectAction<EffectPayloadOf<EffectFnOf<E[K]>>, ResultOf<EffectFnOf<E[K]>>>
  >;
};

export interface Model<
  NS extends string = string,
  S = unknown,
  R = unknown,
  E extends EffectsMap = EffectsMap,
> extends ModelDefinition<NS, S, R, E> {
  readonly actions: ReducerCreators<R> & EffectCreators<E>;
}

/** A model as the runtime handles it, whatever its state type. */
export interface AnyModel {
  readonly namespace: string;
  readonly state: unknown;
  readonly reducers?: Record<string, (state: never, action: Action<never>) => unknown>;
  readonly effects?: EffectsMap;
  readonly subscriptions?: SubscriptionsMap;
}

/** The root state of a list of models: `{ [namespace]: state }`. */
export type StateOfModels<M extends readonly AnyModel[]> = {
  [K in M[number] as K['namespace']]: K['state'];
};
