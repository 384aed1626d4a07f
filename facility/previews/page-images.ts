/**
 * The page images the metadata names (docs/server.md, "Page previews" and "View only"): a first
 * page's clean preview, a view-only reader's page with its watermark in the pixels, and that
 * reader's page text with positions. Each names the content hash of the version it was drawn from,
 * so an old URL is a 404, never another version's page.
 */
import type { DocumentFacts, Previewable } from '../facts/document-facts.ts';
import { busy, jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import { commentsShown, searchAllowed } from '../policy/param.ts';
import { forReader } from '../policy/reader.ts';
import type { Reader } from '../policy/reader.ts';
import { PAGE_WIDTHS, openedMinute, pageWatermark } from '../policy/view-only.ts';
import { viewOnlyRefusal, watermarkKey } from '../policy/view-only.ts';
import { createLaneLimit } from '../pool/lane.ts';
import { PoolBusyError } from '../pool/pool.ts';
import type { Pool } from '../pool/pool.ts';
import type { Found, Lookup } from '../sources/lookup.ts';
import { previewRequest } from './previews.ts';
import type { PreviewFailure, PreviewOf } from './previews.ts';

export interface PageImagesOptions {
  lookup: Lookup;
  facts: DocumentFacts;
  previewOf: PreviewOf;
  /** Reads a view-only page's text. */
  pool: Pool;
  /** Page images one reader (pool/lane.ts) may have being drawn at once; more answer busy. */
  imagesPerReader: number;
  log?: (event: Record<string, unknown>) => void;
}

/** `password`: the reader's, for an encrypted archive or office file (policy/passwords.ts). */
export interface PageImages {
  /**
   * `GET documents/{id}/previews/{hash}/{name}`: a page preview the metadata's `previews` field
   * names (`name` is `{page}-{width}.webp`), immutable; 404 for any other.
   */
  preview: (
    id: string,
    hash: string,
    name: string,
    reader?: Reader,
    password?: string,
  ) => Promise<Answer>;
  /**
   * `GET documents/{id}/pages/{hash}/{minute}/{name}`: a view-only reader's page image (`name` is
   * `{page}-{width}.webp`), the reader's watermark as opened at `minute` in its pixels; 404 for
   * any other reader or image.
   */
  page: (
    id: string,
    hash: string,
    minute: string,
    name: string,
    reader?: Reader,
    password?: string,
  ) => Promise<Answer>;
  /** `GET documents/{id}/text/{hash}/{page}.json`: a view-only reader's page text with positions. */
  text: (
    id: string,
    hash: string,
    name: string,
    reader?: Reader,
    password?: string,
  ) => Promise<Answer>;
}

/** Page images one reader may have being drawn at once, unless set (`PAGE_IMAGES_PER_READER`). */
export const PAGE_IMAGES_PER_READER = 8;

const BUSY: PreviewFailure = { kind: 'busy' };

/** A preview's URL names its content, so it never changes: browsers keep it without asking. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

/** The drawn image as the answer, or why there is none. */
function imageAnswer(drawn: string | PreviewFailure, page: number): Answer {
  if (typeof drawn === 'string') return { kind: 'file', file: drawn, cacheControl: IMMUTABLE };
  if (drawn.kind === 'busy') return busy('the server is drawing many pages; ask again shortly');
  return jsonError(404, 'preview_failed', { message: `page ${String(page)} could not be drawn` });
}

export function createPageImages(options: PageImagesOptions): PageImages {
  const { lookup, facts, previewOf, pool, log } = options;
  const perReader = createLaneLimit(options.imagesPerReader);

  /** The page a view-only route names, with what it needs; else the answer to give instead. */
  async function viewOnlyPage(
    id: string,
    hash: string,
    reader?: Reader,
    password?: string,
  ): Promise<{ found: Found; ready: Previewable } | Answer> {
    const found = await lookup.find(id, password);
    if (!('doc' in found)) return found;
    if (!lookup.viewOnlyFor(found, reader)) return jsonError(404, 'not_found');
    const ready = await facts.previewable(found);
    if (ready === null) return jsonError(404, 'not_found');
    if ('kind' in ready) return ready;
    // An old hash is a previous version of the file: its pages are not this one's.
    if (hash !== ready.hash) return jsonError(404, 'not_found');
    return { found, ready };
  }

  return {
    async preview(id, hash, name, reader, password) {
      const found = await lookup.find(id, password);
      if (!('doc' in found)) return found;
      // A clean first-page image is the page without the reader's watermark.
      if (lookup.viewOnlyFor(found, reader)) return viewOnlyRefusal();
      const ready = await facts.previewable(found);
      if (ready === null) return jsonError(404, 'not_found');
      if ('kind' in ready) return ready;
      const request = previewRequest(name, ready.facts.pageSize);
      // An old hash is a previous version of the file: its previews are not this one's; and a
      // page drawn with its comments is not the one a reader who may not see them is offered.
      const comments = commentsShown(found.sidecar?.fields);
      if (request === null || hash !== ready.hash || request.comments !== comments) {
        return jsonError(404, 'not_found');
      }
      const drawn = await perReader(() => previewOf(ready.hash, ready.file, request), BUSY);
      return imageAnswer(drawn, request.page);
    },

    async page(id, hash, minuteText, name, reader, password) {
      const named = await viewOnlyPage(id, hash, reader, password);
      if (!('ready' in named)) return named;
      const { found, ready } = named;
      const minute = openedMinute(minuteText, new Date());
      const request = previewRequest(name, ready.facts.pageSize, {
        pages: ready.facts.pageCount,
        widths: PAGE_WIDTHS,
      });
      const comments = commentsShown(found.sidecar?.fields);
      if (minute === null || request?.comments !== comments) return jsonError(404, 'not_found');
      // The watermark is the server's, from the verified reader: the URL only names the minute.
      const info = pageWatermark(found.sidecar?.fields, reader, minute);
      const mark = { key: watermarkKey(info), info };
      const drawn = await perReader(() => previewOf(ready.hash, ready.file, request, mark), BUSY);
      return imageAnswer(drawn, request.page);
    },

    async text(id, hash, name, reader, password) {
      const named = await viewOnlyPage(id, hash, reader, password);
      if (!('ready' in named)) return named;
      const { found, ready } = named;
      if (!searchAllowed(forReader(found.sidecar?.fields ?? {}, reader, new Date()))) {
        return jsonError(403, 'search_not_allowed');
      }
      const parts = /^([1-9]\d{0,5})\.json$/.exec(name);
      const page = Number(parts?.[1] ?? 0);
      if (page < 1 || page > ready.facts.pageCount) return jsonError(404, 'not_found');
      try {
        const text = await pool.run('pageText', { input: ready.file, hash: ready.hash, page });
        return { kind: 'json', status: 200, body: text };
      } catch (error) {
        if (error instanceof PoolBusyError) {
          return busy('the server is reading many pages; ask again shortly');
        }
        const message = error instanceof Error ? error.message : String(error);
        log?.({ event: 'text_failed', hash: ready.hash, page, error: message });
        return jsonError(404, 'text_failed', { message: `page ${String(page)} could not be read` });
      }
    },
  };
}
