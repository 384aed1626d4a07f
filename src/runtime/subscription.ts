import type { AnyAction, AnyModel, Dispatch, HistoryLike } from './types';
import { namespacePrefixer } from './prefix';

/** Runs a model's subscriptions with a dispatch that prefixes its own types; returns the unlisteners. */
export function runSubscriptions(
  model: AnyModel,
  dispatch: Dispatch,
  history: HistoryLike,
  getState: () => unknown,
): (() => void)[] {
  const prefix = namespacePrefixer(model);
  const prefixed = (<A extends AnyAction>(action: A) =>
    dispatch({ ...action, type: prefix(action.type) })) as Dispatch;
  const select = <R>(selector: (state: never) => R): R => selector(getState() as never);
  return Object.values(model.subscriptions ?? {}).flatMap((subscribe) => {
    const unlisten = subscribe({ dispatch: prefixed, history, select });
    return unlisten ? [unlisten] : [];
  });
}

/**
 * The history of an app started without one: at `/`, never moving. The runtime knows nothing of
 * the window; an app hands in the page's history (src/url/history.ts).
 */
export function stillHistory(): HistoryLike {
  return { location: { pathname: '/', search: '', hash: '' }, listen: () => () => undefined };
}
