import type { ComponentType, ReactNode } from 'react';

/** A wrapper renders its route inside itself, e.g. an access check or a layout. */
export type RouteWrapper = ComponentType<{ children: ReactNode }>;

/** A route in umi's shape, as the router builds it (config/routes.ts holds the data, src/pages/routes.ts makes these). */
export interface RouteConfig {
  path?: string;
  component?: ComponentType;
  routes?: RouteConfig[];
  redirect?: string;
  /** The first wrapper is the outermost. */
  wrappers?: RouteWrapper[];
  title?: string;
}

/** What each built route carries for the document title (see DocumentTitle). */
export interface RouteHandle {
  title?: string;
}
