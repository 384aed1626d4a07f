/**
 * The route table (umi's shape), as data: `page` names a folder of src/pages/, which
 * src/pages/routes.ts loads lazily. spec §2: one wildcard route, matched exactly, that loads one
 * page; webpack splits that page into exactly two script chunks (the page and its vendor chunk).
 */
export interface RouteEntry {
  path: string;
  /** A folder of src/pages/. */
  page: 'Viewer';
  title?: string;
}

export const routes: readonly RouteEntry[] = [{ path: '/*', page: 'Viewer' }];
