import { defineModel, modelActions, reducerActions } from '../defineModel';
import type { Action } from '../types';

const counter = defineModel({
  namespace: 'counter',
  state: { n: 0 },
  reducers: {
    add: (state, { payload }: Action<number>) => ({ n: state.n + payload }),
    reset: () => ({ n: 0 }),
  },
  effects: {
    *load({ payload }: Action<string>) {
      yield undefined;
      return payload.length;
    },
  },
});

describe('defineModel', () => {
  it('builds namespaced action creators for reducers, with and without payload', () => {
    expect(counter.actions.add(2)).toEqual({ type: 'counter/add', payload: 2 });
    expect(counter.actions.reset()).toEqual({ type: 'counter/reset', payload: undefined });
  });

  it('builds action creators for effects', () => {
    expect(counter.actions.load('abc')).toEqual({ type: 'counter/load', payload: 'abc' });
  });

  it('keeps the dva model shape', () => {
    expect(counter.namespace).toBe('counter');
    expect(counter.state).toEqual({ n: 0 });
    expect(Object.keys(counter.reducers ?? {})).toEqual(['add', 'reset']);
    expect(Object.keys(counter.effects ?? {})).toEqual(['load']);
  });

  it('makes creators for a reducer map defined apart from its model', () => {
    const actions = reducerActions('x', {
      set: (_: number, { payload }: Action<number>) => payload,
    });
    expect(actions.set(3)).toEqual({ type: 'x/set', payload: 3 });
  });

  it('gives every creator its type and a guard that recognises its actions', () => {
    expect(counter.actions.add.type).toBe('counter/add');
    expect(counter.actions.load.type).toBe('counter/load');
    expect(counter.actions.add.match(counter.actions.add(1))).toBe(true);
    expect(counter.actions.add.match(counter.actions.reset())).toBe(false);
    expect(counter.actions.add.match({ type: 'other/add' })).toBe(false);
  });

  it('makes a model’s creators from its reducers and its effects’ names, once', () => {
    const reducers = { set: (_: number, { payload }: Action<number>) => payload };
    const effects = {
      *run({ payload }: Action<string>) {
        yield undefined;
        return payload;
      },
    };
    const actions = modelActions<typeof reducers, typeof effects>('y', reducers, { run: true });
    expect(actions.set(3)).toEqual({ type: 'y/set', payload: 3 });
    expect(actions.run('a')).toEqual({ type: 'y/run', payload: 'a' });
    expect(actions.run.type).toBe('y/run');
    const model = defineModel({ namespace: 'y', state: 0, reducers, effects, actions });
    expect(model.actions).toBe(actions);
  });
});
