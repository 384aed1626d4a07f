/**
 * The pages that config/routes.ts names, each loaded lazily in its own chunk group, and the early
 * start of a linked document's page.
 */
import type { ComponentType } from 'react';
import type { RouteEntry } from '../../config/routes';
import { namesDocument } from '../url';
import { lazyPage } from '../router/lazyPage';
import type { RouteConfig } from '../router/types';

const loaders: Record<RouteEntry['page'], () => Promise<{ default: ComponentType }>> = {
  Viewer: () => import(/* webpackChunkName: "viewer" */ './Viewer'),
};

/** The route table's entries as routes, each page a lazy page. */
export function pageRoutes(entries: readonly RouteEntry[]): RouteConfig[] {
  return entries.map(({ page, ...route }) => ({ ...route, component: lazyPage(loaders[page]) }));
}

/**
 * A document link: the viewer's chunks run as soon as they have loaded, while React starts, not
 * once the router renders the route (its loader then gets the same module). A failure here is
 * left to that loader, which asks again and shows it.
 */
export function preloadLinkedPage(search: string): void {
  if (namesDocument(search)) loaders.Viewer().catch(() => undefined);
}
