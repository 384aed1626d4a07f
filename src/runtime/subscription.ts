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
 * A history for apps without a router (tests): follows the window's navigations (outside a
 * browser, e.g. in a Node test, an empty one that never changes). Hash edits are the URL module's
 * to hear (src/url/follow.ts).
 */
export function windowHistory(): HistoryLike {
  if (typeof window === 'undefined') {
    return { location: { pathname: '/', search: '', hash: '' }, listen: () => () => undefined };
  }
  return {
    get location() {
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash };
    },
    listen(listener) {
      const notify = () => {
        listener(this.location);
      };
      window.addEventListener('popstate', notify);
      return () => {
        window.removeEventListener('popstate', notify);
      };
    },
  };
}
