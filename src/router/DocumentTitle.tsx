import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

const SetOverride = createContext<(title: string | undefined) => void>(() => undefined);

/**
 * Keeps `document.title` = a page's own title if it set one, else the matched route's title,
 * else the default title (spec §2: empty).
 */
export function DocumentTitle({
  routeTitle,
  defaultTitle,
  children,
}: {
  routeTitle: string | undefined;
  defaultTitle: string;
  children: ReactNode;
}) {
  const [override, setOverride] = useState<string | undefined>();
  const title = override ?? routeTitle ?? defaultTitle;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <SetOverride.Provider value={setOverride}>{children}</SetOverride.Provider>;
}

/** A page's own title (e.g. the document's name) while it is shown; undefined gives it back. */
export function usePageTitle(title: string | undefined): void {
  const set = useContext(SetOverride);
  useEffect(() => {
    set(title);
    return () => {
      set(undefined);
    };
  }, [set, title]);
}
