import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from './types';

const SetOverride = createContext<(title: string | undefined) => void>(() => undefined);

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  return matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title): title is string => title !== undefined)
    .at(-1);
}

/**
 * Keeps `document.title` = a page's own title if it set one, else the deepest matched route's
 * title, else the default title (spec §2: empty).
 */
export function DocumentTitle({
  defaultTitle,
  children,
}: {
  defaultTitle: string;
  children: ReactNode;
}) {
  const routeTitle = useRouteTitle();
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
