import { useMemo } from 'react';
import {
  matchRoutes,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useRoutes,
} from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { buildRoutes } from './buildRoutes';
import { DocumentTitle } from './DocumentTitle';
import type { UrlHistory } from '../url';
import type { RouteConfig, RouteHandle } from './types';
import { DEFAULT_TITLE } from '../../config/defaults';

/** The title of the deepest matched route that has one. */
function routeTitle(routes: RouteObject[], location: ReturnType<typeof useLocation>) {
  return (matchRoutes(routes, location) ?? [])
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter((title): title is string => title !== undefined)
    .at(-1);
}

/**
 * The route table rendered at the router's location, keeping the document title (spec §2: the
 * deepest matched route's, else the default, empty). Inside any router: AppRouter's, or a test's.
 */
export function AppRoutes({
  routes,
  defaultTitle = DEFAULT_TITLE,
}: {
  routes: readonly RouteConfig[];
  defaultTitle?: string;
}) {
  const built = useMemo(() => buildRoutes(routes), [routes]);
  const location = useLocation();
  const element = useRoutes(built);
  return (
    <DocumentTitle routeTitle={routeTitle(built, location)} defaultTitle={defaultTitle}>
      {element}
    </DocumentTitle>
  );
}

/**
 * The router under the deployment's base path (`window.routerBase`, spec §2). Declarative, not a
 * data router: Folio loads no route data, and the data router is ≈ 54 kB more of the first script
 * (docs/decisions/2026-11-27-declarative-router.md). It renders from the page's one history
 * (src/url/history.ts), which the models' subscriptions follow too.
 */
export interface AppRouterProps {
  routes: readonly RouteConfig[];
  basename: string;
  history: UrlHistory;
}

export function AppRouter({ routes, basename, history }: AppRouterProps) {
  return (
    <HistoryRouter history={history.router} basename={basename}>
      <AppRoutes routes={routes} />
    </HistoryRouter>
  );
}
