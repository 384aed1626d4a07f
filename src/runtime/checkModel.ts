import type { AnyModel } from './types';
import { SEPARATOR } from './prefix';

/** Rejects a model the runtime could not register without silently misrouting actions. */
export function checkModel(model: AnyModel, registered: readonly AnyModel[]): void {
  const { namespace } = model;
  if (!namespace) throw new Error('A model needs a namespace.');
  if (namespace.includes(SEPARATOR)) {
    throw new Error(`Model namespace "${namespace}" must not contain "${SEPARATOR}".`);
  }
  if (registered.some((m) => m.namespace === namespace)) {
    throw new Error(`A model with namespace "${namespace}" is already registered.`);
  }
  const reducerKeys = Object.keys(model.reducers ?? {});
  const clash = Object.keys(model.effects ?? {}).find((key) => reducerKeys.includes(key));
  if (clash !== undefined) {
    throw new Error(`Model "${namespace}" has both a reducer and an effect named "${clash}".`);
  }
}
