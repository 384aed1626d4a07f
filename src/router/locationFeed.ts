import type { HistoryLike } from '../runtime';

type Location = HistoryLike['location'];

/**
 * The window's location as the history that model subscriptions follow, read again whenever the
 * router has navigated (AppRouter calls `sync`): the whole path, the base path included.
 */
export interface LocationFeed extends HistoryLike {
  sync(): void;
}

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

export function createLocationFeed(): LocationFeed {
  const listeners = new Set<(location: Location) => void>();
  let current = windowLocation();
  return {
    get location() {
      return current;
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    sync() {
      const now = windowLocation();
      const same = (['pathname', 'search', 'hash'] as const).every((k) => now[k] === current[k]);
      if (same) return;
      current = now;
      listeners.forEach((listener) => {
        listener(current);
      });
    },
  };
}
