/**
 * Typed saga commands for `yield*`: `const doc = yield* call(api, id)` infers `doc`.
 * redux-saga's own effect creators type what a plain `yield` returns as `any`; these wrap each
 * effect in a one-step generator whose return type is the effect's result.
 */
import * as saga from 'redux-saga/effects';
import type { SagaReturnType } from 'redux-saga/effects';
import type { EventChannel, Task } from 'redux-saga';
import type { ActionCreatorMeta, AnyAction, AnyActionCreator, Selector } from './types';

// redux-saga's own helper types need a function constraint with `any` arguments.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => unknown;
type Step<R> = Generator<unknown, R, unknown>;

export function* call<Fn extends AnyFn>(fn: Fn, ...args: Parameters<Fn>): Step<SagaReturnType<Fn>> {
  return (yield saga.call(fn, ...args)) as SagaReturnType<Fn>;
}

export function* select<R>(selector: Selector<R>): Step<R> {
  return (yield saga.select(selector as (state: unknown) => R)) as R;
}

export function* delay(ms: number): Step<true> {
  return (yield saga.delay(ms)) as true;
}

export function* fork<Fn extends AnyFn>(fn: Fn, ...args: Parameters<Fn>): Step<Task> {
  return (yield saga.fork(fn, ...args)) as Task;
}

export function* cancel(task: Task): Step<void> {
  yield saga.cancel(task);
}

/** The next event of a service's channel (an eventChannel of pdf.js's callbacks, say). */
export function* takeEvent<T extends object>(channel: EventChannel<T>): Step<T> {
  return (yield saga.take(channel)) as T;
}

export function* cancelled(): Step<boolean> {
  return (yield saga.cancelled()) as boolean;
}

type Settled<T> = { [K in keyof T]: T[K] extends Step<infer R> ? R : never };

/** Runs the given steps in parallel; each may be a typed step from this file. */
export function* all<T extends Record<string, Step<unknown>>>(steps: T): Step<Settled<T>> {
  const effects = Object.fromEntries(
    Object.entries(steps).map(([key, step]) => [key, saga.call(() => step)]),
  );
  return (yield saga.all(effects)) as Settled<T>;
}

/** The first step to finish wins; the others are cancelled. */
export function* race<T extends Record<string, Step<unknown>>>(
  steps: T,
): Step<Partial<Settled<T>>> {
  const effects = Object.fromEntries(
    Object.entries(steps).map(([key, step]) => [key, saga.call(() => step)]),
  );
  return (yield saga.race(effects)) as Partial<Settled<T>>;
}

/** What an effect receives as its second argument: `put` and `take` know the model's namespace. */
export interface EffectCommands {
  put: PutCommand;
  take: <P extends TakePattern>(pattern: P) => Step<TakenAction<P>>;
  /** The next action, whatever it is: for an effect that follows a selection of the state. */
  takeAny: () => Step<AnyAction>;
  call: typeof call;
  select: typeof select;
  delay: typeof delay;
  fork: typeof fork;
  cancel: typeof cancel;
  cancelled: typeof cancelled;
  takeEvent: typeof takeEvent;
  all: typeof all;
  race: typeof race;
}

/** One creator or several (any model's): never a type string, so a typo cannot compile. */
export type TakePattern = AnyActionCreator | readonly AnyActionCreator[];
type ActionOf<C> = C extends ActionCreatorMeta<infer A> ? A : never;
/** What `take` gives back: the action of the creator, or of any of the creators. */
export type TakenAction<P> = P extends readonly (infer C)[] ? ActionOf<C> : ActionOf<P>;

export interface PutCommand {
  (action: AnyAction): Step<AnyAction>;
  /** Dispatches and waits: for an effect action, the effect's result. */
  resolve: (action: AnyAction) => Step<unknown>;
}

/** Commands for one model; `prefix` applies dva's namespace rule to action types. */
export function createEffectCommands(prefix: (type: string) => string): EffectCommands {
  const prefixed = (action: AnyAction): AnyAction => ({ ...action, type: prefix(action.type) });
  const put = function* put(action: AnyAction): Step<AnyAction> {
    return (yield saga.put(prefixed(action))) as AnyAction;
  } as PutCommand;
  put.resolve = function* putResolve(action: AnyAction): Step<unknown> {
    return yield saga.putResolve(prefixed(action));
  };
  function* take<P extends TakePattern>(pattern: P): Step<TakenAction<P>> {
    const creators: readonly AnyActionCreator[] = 'match' in pattern ? [pattern] : pattern;
    return (yield saga.take(creators.map((creator) => creator.type))) as TakenAction<P>;
  }
  function* takeAny(): Step<AnyAction> {
    return (yield saga.take('*')) as AnyAction;
  }
  return { put, take, takeAny, call, select, delay, fork, cancel, cancelled, takeEvent, all, race };
}
