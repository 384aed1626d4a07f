import { useCallback, useSyncExternalStore } from 'react';
import { NARROW_SCREEN_QUERY } from '../../../config/defaults';

/** Whether a CSS media query matches now, following its changes; false where there is no matchMedia. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!('matchMedia' in window)) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  const matches = useCallback(
    () => 'matchMedia' in window && window.matchMedia(query).matches,
    [query],
  );
  return useSyncExternalStore(subscribe, matches, () => false);
}

export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY);
}
