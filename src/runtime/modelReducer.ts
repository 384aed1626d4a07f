import type { AnyAction, AnyModel } from './types';
import { SEPARATOR } from './prefix';

type StateReducer = (state: unknown, action: AnyAction) => unknown;

/** One model's reducer: handles `namespace/key` for each of its reducers (dva's handleActions). */
export function modelReducer(model: AnyModel): StateReducer {
  const prefix = `${model.namespace}${SEPARATOR}`;
  const reducers = (model.reducers ?? {}) as Partial<Record<string, StateReducer>>;
  return (state = model.state, action) => {
    if (!action.type.startsWith(prefix)) return state;
    const reducer = reducers[action.type.slice(prefix.length)];
    return reducer ? reducer(state, action) : state;
  };
}

/**
 * Combines model reducers by namespace. Unlike redux's combineReducers it drops the state of an
 * unregistered model silently, which `app.unmodel` relies on.
 */
export function combineModels(models: readonly AnyModel[]): StateReducer {
  const entries = models.map((m) => [m.namespace, modelReducer(m)] as const);
  return (state, action) => {
    const previous = (state ?? {}) as Record<string, unknown>;
    let changed = Object.keys(previous).length !== entries.length;
    const next: Record<string, unknown> = {};
    for (const [namespace, reduce] of entries) {
      next[namespace] = reduce(previous[namespace], action);
      changed ||= next[namespace] !== previous[namespace];
    }
    return changed ? next : previous;
  };
}
