import type { Middleware } from 'redux';
import type { AnyAction } from './types';

interface Settle {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Makes `dispatch` of an effect action return a Promise settled by the effect (dva's
 * createPromiseMiddleware). The settle callbacks live in a WeakMap, not on the action, so actions
 * stay plain data; each dispatch gets its own copy of the action so two dispatches never share one.
 */
export function createPromiseMiddleware(isEffect: (type: string) => boolean) {
  const pending = new WeakMap<object, Settle>();
  const middleware: Middleware = () => (next) => (action) => {
    const { type } = action as AnyAction;
    if (!isEffect(type)) return next(action);
    const tracked = { ...(action as AnyAction) };
    const promise = new Promise((resolve, reject) => {
      pending.set(tracked, { resolve, reject });
    });
    // The effect's error already went to onError; a caller that does not await must not
    // produce an unhandled rejection. Awaiting callers still see the rejection.
    promise.catch(() => undefined);
    next(tracked);
    return promise;
  };
  return {
    middleware,
    /** The settle callbacks of a dispatched effect action, once. */
    take(action: AnyAction): Settle | undefined {
      const settle = pending.get(action);
      pending.delete(action);
      return settle;
    },
  };
}
