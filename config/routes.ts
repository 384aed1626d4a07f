import type { RouteConfig } from '../src/router/types';
import { lazyPage } from '../src/router/lazyPage';

/**
 * The route table (umi's shape). SPEC §2: one wildcard route, matched exactly, that loads one lazy
 * page; webpack splits that page into exactly two script chunks (the page and its vendor chunk).
 */
export const routes: RouteConfig[] = [
  {
    path: '/*',
    component: lazyPage(() => import(/* webpackChunkName: "viewer" */ '../src/pages/Viewer')),
  },
];
