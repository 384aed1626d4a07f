/**
 * The app: dva's `createApp` on redux + redux-saga. Models can be added before or after `start`;
 * a model's sagas and subscriptions live until `unmodel`.
 */
import { applyMiddleware, compose, legacy_createStore as createStore } from 'redux';
import type { Store, StoreEnhancer } from 'redux';
import createSagaMiddleware from 'redux-saga';
import type { Task } from 'redux-saga';
import type { AnyAction, AnyModel, Dispatch, HistoryLike } from './types';
import type { ErrorContext, Plugin } from './plugin';
import { combinePlugins } from './plugin';
import { checkModel } from './checkModel';
import { combineModels } from './modelReducer';
import { createPromiseMiddleware } from './promiseMiddleware';
import { getSaga } from './getSaga';
import { runSubscriptions, stillHistory } from './subscription';
import { prefixType } from './prefix';

export interface AppOptions {
  /** Effect errors; the default logs them. Either way the dispatch promise rejects. */
  onError?: (error: Error, context: ErrorContext) => void;
}

export interface StartOptions {
  /** What subscriptions follow; the window's location when there is no router. */
  history?: HistoryLike;
}

export interface App<State> {
  use(plugin: Plugin): void;
  model(model: AnyModel): void;
  unmodel(namespace: string): void;
  start(options?: StartOptions): void;
  readonly store: Store<State, AnyAction>;
  readonly dispatch: Dispatch;
  getState(): State;
}

interface Running {
  task: Task;
  unlisten: (() => void)[];
}

function defaultOnError(error: Error, { actionType }: ErrorContext): void {
  console.error(`[folio] effect ${actionType} failed:`, error);
}

declare global {
  interface Window {
    __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose;
  }
}

export function createApp<State>(options: AppOptions = {}): App<State> {
  const plugins: Plugin[] = [];
  const models: AnyModel[] = [];
  const running = new Map<string, Running>();
  let store: Store<State, AnyAction> | undefined;
  let runModel: ((model: AnyModel) => void) | undefined;

  const effectTypes = () =>
    new Set(
      models.flatMap((m) => Object.keys(m.effects ?? {}).map((k) => prefixType(m.namespace, k))),
    );
  // Effect types the promise middleware answers with a promise; kept in step with the model list,
  // or a removed model's effect would hand back a promise that never settles.
  let types = new Set<string>();

  function started(): Store<State, AnyAction> {
    if (!store) throw new Error('app.start() has not run yet.');
    return store;
  }

  const app: App<State> = {
    use(plugin) {
      if (store) throw new Error('Plugins must be added before app.start().');
      plugins.push(plugin);
    },
    model(model) {
      checkModel(model, models);
      models.push(model);
      if (store && runModel) {
        store.replaceReducer(combineModels(models) as never);
        runModel(model);
      }
    },
    unmodel(namespace) {
      const index = models.findIndex((m) => m.namespace === namespace);
      if (index < 0) return;
      models.splice(index, 1);
      const run = running.get(namespace);
      running.delete(namespace);
      run?.unlisten.forEach((unlisten) => {
        unlisten();
      });
      run?.task.cancel();
      types = effectTypes();
      store?.replaceReducer(combineModels(models) as never);
    },
    start(startOptions = {}) {
      if (store) throw new Error('app.start() has already run.');
      const hooks = combinePlugins(plugins, options.onError ?? defaultOnError);
      types = effectTypes();
      const promises = createPromiseMiddleware((type) => types.has(type));
      const sagaMiddleware = createSagaMiddleware();
      const composeEnhancers =
        (typeof window !== 'undefined' ? window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ : undefined) ??
        compose;
      const enhancer = composeEnhancers(
        applyMiddleware(promises.middleware, ...hooks.middlewares(), sagaMiddleware),
      ) as StoreEnhancer;
      const created: Store<State, AnyAction> = createStore(
        combineModels(models) as never,
        enhancer,
      );
      store = created;
      const history = startOptions.history ?? stillHistory();
      runModel = (model) => {
        types = effectTypes();
        const task = sagaMiddleware.run(getSaga(model, hooks, promises));
        const unlisten = runSubscriptions(model, created.dispatch as Dispatch, history, () =>
          created.getState(),
        );
        running.set(model.namespace, { task, unlisten });
      };
      models.forEach(runModel);
    },
    get store() {
      return started();
    },
    get dispatch() {
      return started().dispatch as Dispatch;
    },
    getState() {
      return started().getState();
    },
  };
  return app;
}
