import { createApp } from '../createApp';
import { defineModel, reducerActions } from '../defineModel';
import { loadingModel, loadingPlugin } from '../loading';
import type { LoadingState } from '../loading';
import { EffectCancelledError } from '../errors';
import type { Action, HistoryLike } from '../types';
import { deferred, flush } from './fixtures';

interface CounterState {
  n: number;
  seen: string[];
}

const initialCounter: CounterState = { n: 0, seen: [] };

const counterReducers = {
  add: (state: CounterState, { payload }: Action<number>) => ({ ...state, n: state.n + payload }),
  saw: (state: CounterState, { payload }: Action<string>) => ({
    ...state,
    seen: [...state.seen, payload],
  }),
};
const counter = reducerActions('counter', counterReducers);

/** A model whose effects wait on gates the test opens, so runs overlap deterministically. */
function counterModel(gates = new Map<string, Promise<void>>()) {
  const wait = (key: string) => gates.get(key) ?? Promise.resolve();
  return defineModel({
    namespace: 'counter',
    state: initialCounter,
    reducers: counterReducers,
    effects: {
      *addLater({ payload }: Action<{ by: number; gate: string }>, { call, put }) {
        yield* call(wait, payload.gate);
        yield* put({ type: 'add', payload: payload.by });
        return payload.by;
      },
      *fail({ payload }: Action<string>, { call }) {
        yield* call(wait, payload);
        throw new Error(`failed ${payload}`);
      },
      latest: [
        function* ({ payload }: Action<string>, { call, put }) {
          yield* call(wait, payload);
          yield* put({ type: 'saw', payload });
          return payload;
        },
        { type: 'takeLatest' },
      ],
      leading: [
        function* ({ payload }: Action<string>, { call, put }) {
          yield* call(wait, payload);
          yield* put({ type: 'saw', payload });
        },
        { type: 'takeLeading' },
      ],
      throttled: [
        function* ({ payload }: Action<string>, { put }) {
          yield* put({ type: 'saw', payload });
        },
        { type: 'throttle', ms: 60_000 },
      ],
      *putOther(_: Action, { put }) {
        yield* put({ type: 'other/ping', payload: undefined });
        yield* put({ type: 'notMine', payload: undefined });
      },
      *askAddLater(_: Action, { put }) {
        return yield* put.resolve({ type: 'addLater', payload: { by: 5, gate: 'none' } });
      },
      watch: [
        function* (_: Action, { take, put }) {
          for (;;) {
            const action = yield* take(counter.add);
            yield* put({ type: 'saw', payload: `took ${action.type}` });
          }
        },
        { type: 'watcher' },
      ],
    },
  });
}

interface Root {
  counter: CounterState;
  loading: LoadingState;
}

function startApp(gates = new Map<string, Promise<void>>(), onError = jest.fn()) {
  const seen: string[] = [];
  const app = createApp<Root>({ onError });
  app.use(loadingPlugin);
  app.use({
    onAction: [() => (next) => (action) => (seen.push((action as Action).type), next(action))],
  });
  app.model(counterModel(gates));
  app.model(loadingModel);
  app.start();
  return { app, seen, onError };
}

const model = counterModel();

describe('createApp: reducers and dispatch', () => {
  it('applies a model reducer under its namespace', () => {
    const { app } = startApp();
    app.dispatch(model.actions.add(2));
    expect(app.getState().counter.n).toBe(2);
  });

  it('returns the action for a reducer action and a promise of the result for an effect', async () => {
    const { app } = startApp();
    const action = model.actions.add(1);
    expect(app.dispatch(action)).toEqual(action);
    await expect(app.dispatch(model.actions.addLater({ by: 3, gate: 'x' }))).resolves.toBe(3);
    expect(app.getState().counter.n).toBe(4);
  });
});

describe('createApp: namespace prefixing (dva rule)', () => {
  it('prefixes put of an own reducer, leaves other namespaces and unknown types alone', async () => {
    const { app, seen } = startApp();
    await app.dispatch(model.actions.putOther());
    expect(seen).toEqual(expect.arrayContaining(['other/ping', 'notMine']));
    expect(seen).not.toContain('counter/notMine');
    expect(seen).not.toContain('counter/other/ping');
    await app.dispatch(model.actions.addLater({ by: 1, gate: 'x' }));
    expect(seen).toContain('counter/add');
  });

  it('prefixes take of an own type inside a watcher effect', async () => {
    const { app } = startApp();
    app.dispatch(model.actions.add(1));
    await flush();
    expect(app.getState().counter.seen).toEqual(['took counter/add']);
  });

  it('put.resolve waits for another effect and returns its result', async () => {
    const { app } = startApp();
    await expect(app.dispatch(model.actions.askAddLater())).resolves.toBe(5);
    expect(app.getState().counter.n).toBe(5);
  });
});

describe('createApp: errors', () => {
  it('rejects the dispatch promise, reports to onError and keeps the model sagas alive', async () => {
    const { app, onError } = startApp();
    await expect(app.dispatch(model.actions.fail('once'))).rejects.toThrow('failed once');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'failed once' }),
      expect.objectContaining({ namespace: 'counter', key: 'fail', actionType: 'counter/fail' }),
    );
    await expect(app.dispatch(model.actions.fail('twice'))).rejects.toThrow('failed twice');
    await expect(app.dispatch(model.actions.addLater({ by: 1, gate: 'x' }))).resolves.toBe(1);
  });

  it('by default logs the error and still rejects', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createApp<Root>();
    app.model(model);
    app.start();
    await expect(app.dispatch(model.actions.fail('x'))).rejects.toThrow('failed x');
    expect(log).toHaveBeenCalledWith('[folio] effect counter/fail failed:', expect.any(Error));
    log.mockRestore();
  });

  it('an effect nobody awaits does not become an unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    const { app } = startApp();
    void app.dispatch(model.actions.fail('ignored'));
    await flush();
    await flush();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('createApp: effect modes', () => {
  it('takeLatest cancels the earlier run, whose promise rejects as cancelled', async () => {
    const a = deferred();
    const b = deferred();
    const { app } = startApp(
      new Map([
        ['a', a.promise],
        ['b', b.promise],
      ]),
    );
    const first = app.dispatch(model.actions.latest('a'));
    const second = app.dispatch(model.actions.latest('b'));
    b.resolve();
    a.resolve();
    await expect(second).resolves.toBe('b');
    await expect(first).rejects.toBeInstanceOf(EffectCancelledError);
    expect(app.getState().counter.seen).toEqual(['b']);
  });

  it('takeLeading ignores runs that start while one is in flight', async () => {
    const a = deferred();
    const { app } = startApp(new Map([['a', a.promise]]));
    const first = app.dispatch(model.actions.leading('a'));
    void app.dispatch(model.actions.leading('b'));
    a.resolve();
    await first;
    expect(app.getState().counter.seen).toEqual(['a']);
  });

  it('throttle runs the first action of a window only', async () => {
    const { app } = startApp();
    await app.dispatch(model.actions.throttled('one'));
    void app.dispatch(model.actions.throttled('two'));
    await flush();
    expect(app.getState().counter.seen).toEqual(['one']);
  });
});

describe('loading model (counted, hidden in finally)', () => {
  const busy = (app: ReturnType<typeof startApp>['app']) => app.getState().loading;

  it('shows under the effect, the namespace and global while running, and hides after', async () => {
    const gate = deferred();
    const { app } = startApp(new Map([['g', gate.promise]]));
    const run = app.dispatch(model.actions.addLater({ by: 1, gate: 'g' }));
    expect(busy(app).effects['counter/addLater']).toBe(true);
    expect(busy(app).models.counter).toBe(true);
    expect(busy(app).global).toBe(true);
    gate.resolve();
    await run;
    expect(busy(app)).toMatchObject({ global: false, models: { counter: false } });
    expect(busy(app).effects['counter/addLater']).toBe(false);
  });

  it('two concurrent runs: stays loading until both end', async () => {
    const one = deferred();
    const two = deferred();
    const { app } = startApp(
      new Map([
        ['1', one.promise],
        ['2', two.promise],
      ]),
    );
    const first = app.dispatch(model.actions.addLater({ by: 1, gate: '1' }));
    const second = app.dispatch(model.actions.addLater({ by: 1, gate: '2' }));
    one.resolve();
    await first;
    expect(busy(app).effects['counter/addLater']).toBe(true);
    two.resolve();
    await second;
    expect(busy(app).effects['counter/addLater']).toBe(false);
    expect(busy(app).global).toBe(false);
  });

  it('a cancelled run ends not loading', async () => {
    const a = deferred();
    const b = deferred();
    const { app } = startApp(
      new Map([
        ['a', a.promise],
        ['b', b.promise],
      ]),
    );
    const first = app.dispatch(model.actions.latest('a'));
    const second = app.dispatch(model.actions.latest('b'));
    b.resolve();
    await second;
    await expect(first).rejects.toBeInstanceOf(EffectCancelledError);
    expect(busy(app).effects['counter/latest']).toBe(false);
    expect(busy(app).models.counter).toBe(false);
  });

  it('a throwing run ends not loading', async () => {
    const { app } = startApp();
    await expect(app.dispatch(model.actions.fail('x'))).rejects.toThrow();
    expect(busy(app).effects['counter/fail']).toBe(false);
    expect(busy(app).global).toBe(false);
  });

  it('has show and hide actions that count', () => {
    const { app } = startApp();
    const payload = { namespace: 'other', actionType: 'other/x' };
    app.dispatch(loadingModel.actions.show(payload));
    app.dispatch(loadingModel.actions.show(payload));
    app.dispatch(loadingModel.actions.hide(payload));
    expect(busy(app).models.other).toBe(true);
    app.dispatch(loadingModel.actions.hide(payload));
    expect(busy(app)).toMatchObject({ global: false, models: { other: false } });
  });
});

describe('createApp: models after start, subscriptions, unmodel', () => {
  function historyStub(): HistoryLike & { listeners: number } {
    const stub = {
      listeners: 0,
      location: { pathname: '/', search: '', hash: '' },
      listen() {
        stub.listeners += 1;
        return () => {
          stub.listeners -= 1;
        };
      },
    };
    return stub;
  }

  const pinger = defineModel({
    namespace: 'pinger',
    state: { pings: 0 },
    reducers: { ping: (state) => ({ pings: state.pings + 1 }) },
    effects: {
      *wait(_: Action, { call }) {
        yield* call(() => new Promise<never>(() => undefined));
      },
    },
    subscriptions: {
      setup({ dispatch, history }) {
        dispatch({ type: 'ping', payload: undefined });
        return history.listen(() => undefined);
      },
    },
  });

  it('runs subscriptions with a prefixed dispatch and calls their unlisteners on unmodel', () => {
    const history = historyStub();
    const app = createApp<{ pinger: { pings: number } }>();
    app.start({ history });
    app.model(pinger);
    expect(app.getState().pinger.pings).toBe(1);
    expect(history.listeners).toBe(1);
    app.unmodel('pinger');
    expect(history.listeners).toBe(0);
    expect(app.getState()).toEqual({});
  });

  it('gives subscriptions the store as it is now through select', () => {
    const seen: number[] = [];
    // select is typed against the app's registered RootState; this test app has other models.
    const pings = (state: unknown) => (state as { pinger: { pings: number } }).pinger.pings;
    const reader = defineModel({
      namespace: 'reader',
      state: { pings: 0 },
      subscriptions: {
        read({ dispatch, select }) {
          seen.push(select(pings));
          dispatch({ type: 'pinger/ping', payload: undefined });
          seen.push(select(pings));
          return undefined;
        },
      },
    });
    const app = createApp<{ pinger: { pings: number } }>();
    app.model(pinger);
    app.model(reader);
    app.start({ history: historyStub() });
    expect(seen).toEqual([1, 2]);
  });

  it('unmodel cancels the running effects of the model', async () => {
    const app = createApp<{ pinger: { pings: number } }>();
    app.model(pinger);
    app.start({ history: historyStub() });
    const run = app.dispatch(pinger.actions.wait());
    app.unmodel('pinger');
    await expect(run).rejects.toBeInstanceOf(EffectCancelledError);
  });

  it("after unmodel, dispatching the removed model's effect is a plain action, not a promise that never settles", () => {
    const app = createApp<{ pinger: { pings: number } }>();
    app.model(pinger);
    app.start({ history: historyStub() });
    expect(app.dispatch(pinger.actions.wait())).toBeInstanceOf(Promise);
    app.unmodel('pinger');
    expect(app.dispatch(pinger.actions.wait())).toEqual({
      type: 'pinger/wait',
      payload: undefined,
    });
    app.model(pinger);
    expect(app.dispatch(pinger.actions.wait())).toBeInstanceOf(Promise);
  });

  it('refuses duplicate namespaces, namespaces with a slash and reducer/effect name clashes', () => {
    const app = createApp();
    app.model(pinger);
    expect(() => {
      app.model(pinger);
    }).toThrow('already registered');
    expect(() => {
      app.model({ namespace: 'a/b', state: 0 });
    }).toThrow('must not contain');
    expect(() => {
      app.model({
        namespace: 'c',
        state: 0,
        reducers: { x: (s: number) => s },
        effects: {
          *x() {
            yield undefined;
          },
        },
      });
    }).toThrow('both a reducer and an effect named "x"');
  });
});
