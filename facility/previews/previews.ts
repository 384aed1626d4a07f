/**
 * Page previews on the server side (docs/server.md, "Page previews"): the field the facility's
 * answer names them with (contracts §3), and each image drawn once per content in the pool
 * (preview-render.ts) and kept in `CACHE_DIR/previews/<sha256>/<page>-<width>.webp`, where every
 * server and worker sharing CACHE_DIR finds it. A view-only page (view-only.ts) is drawn the same
 * way with its watermark in the pixels, kept in `CACHE_DIR/pages/<sha256>/<watermark key>/`. Written to a temporary name and renamed, so a
 * reader never sees half a file; concurrent first requests for one image share one render.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PoolBusyError } from '../pool/pool.ts';
import type { Pool } from '../pool/pool.ts';
import { MAX_PREVIEW_PIXELS, PREVIEW_PAGES, PREVIEW_WIDTHS } from './preview-types.ts';
import type { PageSize } from '../facts/pdf-facts-types.ts';
import type { WatermarkInfo } from '../../src/domain/document.ts';

/** The answer's `previews` field (contracts §3). */
export interface PreviewsField {
  /** Relative to previewApi, with the placeholders `{page}` (1-based) and `{width}`. */
  url: string;
  pages: number;
  widths: readonly number[];
  /**
   * The widths page 1 is already drawn at, ascending: asked for, it comes at once. A viewer near
   * the server does not wait for one still to be drawn (docs/decisions/2026-11-28-near-cold-preview.md).
   */
  drawn: number[];
}

/**
 * An image's name, as its URL and its cache file say it: `{page}-{width}.webp`, or with `-bare`
 * when drawn without annotations (the policy's showComment off).
 */
export function imageName(page: number | string, width: number | string, comments: boolean) {
  return `${String(page)}-${String(width)}${comments ? '' : '-bare'}.webp`;
}

export function previewsField(
  id: string,
  hash: string,
  pageCount: number,
  drawn: number[],
  comments: boolean,
): PreviewsField {
  return {
    url: `documents/${encodeURIComponent(id)}/previews/${hash}/${imageName('{page}', '{width}', comments)}`,
    pages: Math.min(pageCount, PREVIEW_PAGES),
    widths: PREVIEW_WIDTHS,
    drawn,
  };
}

/** The widths of page 1's preview in `CACHE_DIR/previews/<hash>/`, ascending. */
export async function firstPageDrawn(
  cacheDir: string,
  hash: string,
  comments: boolean,
): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(path.join(cacheDir, 'previews', hash));
  } catch {
    return [];
  }
  return PREVIEW_WIDTHS.filter((width) => names.includes(imageName(1, width, comments)));
}

export interface PreviewRequest {
  page: number;
  width: number;
  /** Drawn with the page's annotations (the policy's showComment). */
  comments: boolean;
}

/** The pages and widths a kind of image is offered for. */
export interface ImageLimits {
  pages: number;
  widths: readonly number[];
}

const PREVIEW_LIMITS: ImageLimits = { pages: PREVIEW_PAGES, widths: PREVIEW_WIDTHS };

/**
 * The `{page}-{width}.webp` a route names, when it is one the field offers for a document of
 * these pages: else null (the route's 404). A page too tall to draw at the width has none either.
 */
export function previewRequest(
  name: string,
  pageSize: readonly PageSize[],
  limits: ImageLimits = PREVIEW_LIMITS,
): PreviewRequest | null {
  const parts = /^([1-9]\d{0,5})-([1-9]\d{0,4})(-bare)?\.webp$/.exec(name);
  if (!parts) return null;
  const page = Number(parts[1]);
  const width = Number(parts[2]);
  if (page > Math.min(pageSize.length, limits.pages) || !limits.widths.includes(width)) {
    return null;
  }
  const size = pageSize[page - 1];
  if (size.width <= 0 || size.height <= 0) return null; // pdf.js could not read the page
  const height = Math.round((width * size.height) / size.width);
  return width * height > MAX_PREVIEW_PIXELS ? null : { page, width, comments: !parts[3] };
}

export type PreviewOutcome = 'cached' | 'rendered' | 'failed';

export interface PreviewOptions {
  pool: Pool;
  cacheDir: string;
  /** Each lookup's outcome (the server's metrics). */
  onLookup?: (outcome: PreviewOutcome) => void;
  log?: (event: Record<string, unknown>) => void;
}

/** Why there is no image: the pool's queue is full (ask again), or the page failed to draw. */
export type PreviewFailure = { kind: 'busy' } | { kind: 'failed'; message: string };

/** A view-only page's watermark, drawn into its pixels; `key` names it in the cache. */
export interface PageMark {
  key: string;
  info: WatermarkInfo;
}

/** The cached image's path, drawing it first when needed; with a mark, a view-only page. */
export type PreviewOf = (
  hash: string,
  pdf: string,
  request: PreviewRequest,
  mark?: PageMark,
) => Promise<string | PreviewFailure>;

export function createPreviews(options: PreviewOptions): PreviewOf {
  const { pool, cacheDir } = options;
  const inFlight = new Map<string, Promise<string | PreviewFailure>>();

  async function draw(hash: string, pdf: string, request: PreviewRequest, mark?: PageMark) {
    const { page, width, comments } = request;
    const folder =
      mark === undefined
        ? path.join(cacheDir, 'previews', hash)
        : path.join(cacheDir, 'pages', hash, mark.key);
    const file = path.join(folder, imageName(page, width, comments));
    if (await exists(file)) {
      options.onLookup?.('cached');
      return file;
    }
    await mkdir(folder, { recursive: true });
    const partial = path.join(folder, `.${randomUUID()}.tmp`);
    try {
      const watermark = mark?.info;
      const job = { input: pdf, hash, page, width, output: partial, watermark, comments };
      await pool.run('preview', job);
      await rename(partial, file);
      options.onLookup?.('rendered');
      return file;
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof PoolBusyError) return { kind: 'busy' } as const;
      const message = error instanceof Error ? error.message : String(error);
      options.onLookup?.('failed');
      options.log?.({ event: 'preview_failed', hash, page, width, error: message });
      return { kind: 'failed', message } as const;
    }
  }

  return async (hash, pdf, request, mark) => {
    // A page that failed is drawn again when asked again: its time limit counts only its drawing,
    // and what one reader asks for waits in their own lane (docs/decisions/2026-12-06-fair-pool.md).
    const key = `${hash}/${mark?.key ?? ''}/${imageName(request.page, request.width, request.comments)}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = draw(hash, pdf, request, mark).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
