/**
 * The one history of the page (docs/architecture.md, "Reading the URL"): the router renders from it
 * (`unstable_HistoryRouter`) and the models' subscriptions follow the same one, so there is no
 * second copy of the location to fall out of step. It is react-router's own browser history,
 * whose one listener slot this module takes and shares. Its `location` is read from the window at
 * each access, so a hash the viewer writes behind the router's back (writeHash.ts) is seen at once.
 */
import { UNSAFE_createBrowserHistory } from 'react-router-dom';
import type { HistoryLike } from '../runtime';

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<BrowserHistory['listen']>[0]>[0];

export interface UrlHistory extends HistoryLike {
  /** For the router (`unstable_HistoryRouter`): navigations go through it and reach every listener. */
  readonly router: BrowserHistory;
}

/** What the models read of a location: the whole path, the base path included. */
function pathOf({ pathname, search, hash }: HistoryLike['location']): HistoryLike['location'] {
  return { pathname, search, hash };
}

export function createUrlHistory(): UrlHistory {
  // v5Compat: pushes and replaces reach the listeners too, not only the browser's back and forward.
  const browser = UNSAFE_createBrowserHistory({ v5Compat: true });
  const listeners = new Set<(update: Update) => void>();
  browser.listen((update) => {
    listeners.forEach((listener) => {
      listener(update);
    });
  });
  const listen = (listener: (update: Update) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const router: BrowserHistory = {
    get action() {
      return browser.action;
    },
    get location() {
      return browser.location;
    },
    createHref: (to) => browser.createHref(to),
    createURL: (to) => browser.createURL(to),
    encodeLocation: (to) => browser.encodeLocation(to),
    push: (to, state?: unknown) => {
      browser.push(to, state);
    },
    replace: (to, state?: unknown) => {
      browser.replace(to, state);
    },
    go: (delta) => {
      browser.go(delta);
    },
    listen,
  };
  return {
    router,
    get location() {
      return pathOf(browser.location);
    },
    listen: (listener) =>
      listen(({ location }) => {
        listener(pathOf(location));
      }),
  };
}
