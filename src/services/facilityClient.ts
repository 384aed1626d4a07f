/**
 * The preview facility client (contracts §3): `GET <previewApi>documents/{id}`, answered as a
 * validated FacilityDocument or one of request.ts's typed errors.
 */
import { normalizeDocument } from './facilityDocument';
import { documentPath, isAddressable } from './facilityPaths';
import type { FacilityDocument } from './facilityDocument';
import { HttpError, requestJson } from './request';

export type { FacilityDocument } from './facilityDocument';

export interface FacilityClient {
  /** The absolute base every facility path resolves against. */
  readonly baseUrl: string;
  /**
   * `view: 'pages'`: the document as pages even when the facility shows it otherwise (a workbook
   * shown as a grid, asked for by its print: docs/decisions/2026-12-06-sheet-print.md).
   */
  getDocument: (
    id: string,
    options?: { signal?: AbortSignal; view?: 'pages' },
  ) => Promise<FacilityDocument>;
}

export interface FacilityClientOptions {
  /** Per request; request.ts's default when left out. */
  timeoutMs?: number;
}

/** The page's URL when there is one, so a relative previewApi ('/api/') becomes absolute. */
function pageUrl(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.baseURI;
}

/** `baseUrl` may be relative to the page; it must end up http(s). */
export function createFacilityClient(
  baseUrl: string,
  options: FacilityClientOptions = {},
): FacilityClient {
  const base = new URL(baseUrl, pageUrl());
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`previewApi must be an http(s) URL, not ${base.protocol}`);
  }
  return {
    baseUrl: base.href,
    getDocument: async (id, { signal, view } = {}) => {
      const path = view === undefined ? documentPath(id) : `${documentPath(id)}?view=${view}`;
      const url = new URL(path, base).href;
      if (!isAddressable(id)) throw new HttpError(404, url);
      const raw = await requestJson(url, { signal, timeoutMs: options.timeoutMs });
      return normalizeDocument(raw, { id, base });
    },
  };
}
