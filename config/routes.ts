import type { RouteConfig } from '../src/router/types';
import { lazyPage } from '../src/router/lazyPage';
import { namesDocument } from '../src/url';

const loadViewer = () => import(/* webpackChunkName: "viewer" */ '../src/pages/Viewer');

// A document link: the page's chunks run as soon as they have loaded, while React starts, not
// once the router renders the route (its loader then gets the same module). A failure here is
// left to that loader, which asks again and shows it.
if (typeof window !== 'undefined' && namesDocument(window.location.search)) {
  loadViewer().catch(() => undefined);
}

/**
 * The route table (umi's shape). spec §2: one wildcard route, matched exactly, that loads one lazy
 * page; webpack splits that page into exactly two script chunks (the page and its vendor chunk).
 */
export const routes: RouteConfig[] = [{ path: '/*', component: lazyPage(loadViewer) }];
