import * as saga from 'redux-saga/effects';
import type { AnyAction, AnyModel, EffectDef, EffectFn, EffectOptions } from './types';
import type { EffectContext, PluginHooks } from './plugin';
import { cancelled, createEffectCommands } from './effects';
import { namespacePrefixer, prefixType } from './prefix';
import { EffectCancelledError, toError } from './errors';
import type { createPromiseMiddleware } from './promiseMiddleware';

type Promises = Pick<ReturnType<typeof createPromiseMiddleware>, 'take'>;

function normalise(def: EffectDef): readonly [EffectFn, EffectOptions] {
  return typeof def === 'function' ? [def, { type: 'takeEvery' }] : def;
}

/** The model's root saga: one watcher per effect, in the effect's mode. */
export function getSaga(model: AnyModel, hooks: PluginHooks, promises: Promises) {
  const commands = createEffectCommands(namespacePrefixer(model));
  const watchers = Object.entries(model.effects ?? {}).map(([key, def]) => {
    const [fn, options] = normalise(def);
    const context: EffectContext = {
      namespace: model.namespace,
      key,
      actionType: prefixType(model.namespace, key),
      mode: options.type,
    };
    const run = hooks.wrapEffect((action) => fn(action as never, commands), context);

    function* worker(action: AnyAction) {
      const settle = promises.take(action);
      let outcome: { ok: true; value: unknown } | { ok: false; error: unknown } | undefined;
      try {
        outcome = { ok: true, value: yield* run(action) };
      } catch (error) {
        outcome = { ok: false, error };
        hooks.onError(toError(error), { ...context, action });
      } finally {
        // Asked, not inferred: a `finally` that yields inside the effect (as the loading plugin's
        // does) turns the cancellation into a normal return of redux-saga's TASK_CANCEL token.
        if (yield* cancelled()) settle?.reject(new EffectCancelledError(context.actionType));
        else if (outcome?.ok) settle?.resolve(outcome.value);
        else settle?.reject(outcome?.error);
      }
    }
    return watcherFor(options, context.actionType, worker);
  });

  return function* modelSaga() {
    yield saga.all(watchers.map((w) => saga.fork(w)));
  };
}

function watcherFor(
  options: EffectOptions,
  type: string,
  worker: (action: AnyAction) => Generator,
): () => Generator {
  switch (options.type) {
    case 'takeEvery':
      return function* () {
        yield saga.takeEvery(type, worker);
      };
    case 'takeLatest':
      return function* () {
        yield saga.takeLatest(type, worker);
      };
    case 'takeLeading':
      return function* () {
        yield saga.takeLeading(type, worker);
      };
    case 'throttle':
      return function* () {
        yield saga.throttle(options.ms, type, worker);
      };
    case 'watcher':
      return () => worker({ type, payload: undefined });
  }
}
