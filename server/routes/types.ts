/**
 * The shape of a route file (umi's mock-file shape): `export default { 'GET /api/…': handler }`.
 * server/facility-routes.ts mounts the keys on the one fastify server and calls the handlers with
 * Node's http types (the reply hijacked), so the same files serve `npm start`, preview and serve.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Facility } from '../../facility/facility.ts';
import type { Reader } from '../../facility/policy/reader.ts';

export interface RouteRequest extends IncomingMessage {
  /** Decoded path parameters (`:id`), as path-to-regexp matched them. */
  params: Record<string, string>;
  /** Query string, last value wins. */
  query: Record<string, string>;
  /**
   * Where the documents live. Passed per request rather than read from a module global so that two
   * middlewares (e.g. two test servers) can serve different folders in one process.
   */
  docsDir: string;
  /** The facility over `docsDir` (facility/), one per middleware. */
  facility: Facility;
  /** The reader a verified signed link names; undefined when the server runs without auth. */
  reader?: Reader;
}

export type RouteHandler = (req: RouteRequest, res: ServerResponse) => void | Promise<void>;

/** Keys are `'<METHOD> <path>'`, the path relative to the base path (`/api/documents/:id`). */
export type RouteFile = Record<string, RouteHandler>;
