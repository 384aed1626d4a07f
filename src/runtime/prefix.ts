import type { AnyModel } from './types';

export const SEPARATOR = '/';

export function prefixType(namespace: string, key: string): string {
  return `${namespace}${SEPARATOR}${key}`;
}

/**
 * dva's rule: inside a model, a bare type that names one of the model's own reducers or effects
 * gets the namespace; anything else (another model's `ns/x`, a global type) passes unchanged.
 */
export function namespacePrefixer(model: AnyModel): (type: string) => string {
  const own = new Set([...Object.keys(model.reducers ?? {}), ...Object.keys(model.effects ?? {})]);
  return (type) => (own.has(type) ? prefixType(model.namespace, type) : type);
}
