import { Navigate, Outlet } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { RouteConfig, RouteHandle } from './types';

function wrap(element: ReactNode, wrappers: RouteConfig['wrappers'] = []): ReactNode {
  return wrappers.reduceRight<ReactNode>((inner, Wrapper) => <Wrapper>{inner}</Wrapper>, element);
}

/** umi's route table → react-router route objects: redirects, nesting, wrappers and titles. */
export function buildRoutes(config: readonly RouteConfig[]): RouteObject[] {
  return config.map((route): RouteObject => {
    const handle: RouteHandle = route.title === undefined ? {} : { title: route.title };
    if (route.redirect !== undefined) {
      return { path: route.path, handle, element: <Navigate to={route.redirect} replace /> };
    }
    const Component = route.component;
    const children = route.routes ? buildRoutes(route.routes) : undefined;
    const own = Component ? <Component /> : <Outlet />;
    return { path: route.path, handle, element: wrap(own, route.wrappers), children };
  });
}
