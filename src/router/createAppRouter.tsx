import { createBrowserRouter, Outlet } from 'react-router-dom';
import type { HistoryLike } from '../runtime';
import type { RouteConfig } from './types';
import { buildRoutes } from './buildRoutes';
import { DocumentTitle } from './DocumentTitle';
import { DEFAULT_TITLE } from '../../config/defaults';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router under the deployment's base path (`window.routerBase`, spec §2), with a root layout
 * that keeps the document title.
 */
export function createAppRouter(routes: readonly RouteConfig[], basename: string): AppRouter {
  const layout = (
    <DocumentTitle defaultTitle={DEFAULT_TITLE}>
      <Outlet />
    </DocumentTitle>
  );
  return createBrowserRouter([{ element: layout, children: buildRoutes(routes) }], { basename });
}

/** The router as the history that model subscriptions follow. */
export function routerHistory(router: AppRouter): HistoryLike {
  return {
    get location() {
      const { pathname, search, hash } = router.state.location;
      return { pathname, search, hash };
    },
    listen(listener) {
      return router.subscribe((state) => {
        const { pathname, search, hash } = state.location;
        listener({ pathname, search, hash });
      });
    },
  };
}
