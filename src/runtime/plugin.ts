import type { Middleware } from 'redux';
import type { AnyAction, EffectGenerator, EffectOptions } from './types';

export interface EffectContext {
  readonly namespace: string;
  readonly key: string;
  readonly actionType: string;
  /** The effect's mode; a `watcher` runs for the model's whole life. */
  readonly mode: EffectOptions['type'];
}

export interface ErrorContext extends EffectContext {
  readonly action: AnyAction;
}

export type EffectRunner = (action: AnyAction) => EffectGenerator;

/** dva's plugin hooks that Folio uses; several plugins compose in `app.use` order. */
export interface Plugin {
  /** Called for every error an effect throws; the dispatch promise rejects as well. */
  onError?: (error: Error, context: ErrorContext) => void;
  /** Wraps every effect, e.g. to report it as loading. The first plugin is the outermost. */
  onEffect?: (effect: EffectRunner, context: EffectContext) => EffectRunner;
  /** Extra redux middleware, outside the saga middleware. */
  onAction?: readonly Middleware[];
}

export interface PluginHooks {
  onError: (error: Error, context: ErrorContext) => void;
  wrapEffect: (effect: EffectRunner, context: EffectContext) => EffectRunner;
  middlewares: () => Middleware[];
}

export function combinePlugins(
  plugins: readonly Plugin[],
  fallbackOnError: Plugin['onError'],
): PluginHooks {
  return {
    onError(error, context) {
      const handlers = plugins.flatMap((p) => (p.onError ? [p.onError] : []));
      (handlers.length > 0 ? handlers : fallbackOnError ? [fallbackOnError] : []).forEach((h) => {
        h(error, context);
      });
    },
    wrapEffect(effect, context) {
      return plugins.reduceRight<EffectRunner>(
        (inner, p) => (p.onEffect ? p.onEffect(inner, context) : inner),
        effect,
      );
    },
    middlewares: () => plugins.flatMap((p) => p.onAction ?? []),
  };
}
