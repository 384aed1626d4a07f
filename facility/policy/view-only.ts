/**
 * View-only documents (docs/server.md, "View only"): a reader who may not download is never sent
 * the file. Such a reader's answer names page images instead of the PDF — every page, drawn on
 * demand at the width the screen needs, with the reader's watermark drawn into the pixels — and,
 * when search is allowed, each page's text with its positions; `content`, `original` and the clean
 * first-page previews answer 403 `view_only`.
 *
 * The mode: `VIEW_ONLY` (`off`, `auto`, `always`) for the server, a document's sidecar or the
 * folder default `viewOnly` over it; `auto` is view-only exactly when the document's policy or the
 * reader's token lacks `download`.
 */
import { createHash } from 'node:crypto';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import { imageName } from '../previews/previews.ts';
import type { WatermarkInfo } from '../../src/domain/document.ts';
import { sanitizeWatermark } from '../../src/services/watermark/sanitize.ts';
import { documentAllowsDownload } from './param.ts';
import { forReader, readerMayDownload } from './reader.ts';
import type { Reader } from './reader.ts';

export const VIEW_ONLY_MODES = ['off', 'auto', 'always'] as const;
export type ViewOnlyMode = (typeof VIEW_ONLY_MODES)[number];

export function isViewOnlyMode(value: unknown): value is ViewOnlyMode {
  return VIEW_ONLY_MODES.includes(value as ViewOnlyMode);
}

/** Whether this reader gets the document as page images only. */
export function isViewOnly(
  serverMode: ViewOnlyMode,
  documentMode: ViewOnlyMode | undefined,
  fields: Record<string, unknown> | undefined,
  reader: Reader | undefined,
): boolean {
  const mode = documentMode ?? serverMode;
  if (mode === 'off') return false;
  if (mode === 'always') return true;
  return !(documentAllowsDownload(fields) && readerMayDownload(reader));
}

/** 403 `view_only`: the reader gets this document as page images only. */
export function viewOnlyRefusal(): Answer {
  return jsonError(403, 'view_only', {
    message: 'this document is shown as page images only; its file is not sent',
  });
}

/**
 * Widths of view-only page images, device pixels, ascending: the previews' widths (a page at
 * zoom 1 on 1×–3× screens, thumbnails) and 2880, a page at zoom 200 % on a 1.5–2× screen.
 */
export const PAGE_WIDTHS: readonly number[] = [240, 480, 960, 1440, 1920, 2880];

/**
 * A view-only page image's URL carries the minute the reader opened the document (`{time}` and
 * `{date}` of the watermark), which the server checks lies in the last day: the reader may choose
 * it only within that, never the watermark's text.
 */
const OPENED_WITHIN_S = 24 * 3600;

/** The opening minute a URL names, when it is a plausible one for a reader opening now. */
export function openedMinute(text: string, now: Date): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const minute = Number(text);
  const nowS = now.getTime() / 1000;
  const atS = minute * 60;
  return atS <= nowS + 60 && atS >= nowS - OPENED_WITHIN_S ? minute : null;
}

/** The watermark this reader's page images carry when opened at `minute`, made safe to draw. */
export function pageWatermark(
  fields: Record<string, unknown> | undefined,
  reader: Reader | undefined,
  minute: number,
): WatermarkInfo {
  const filled = forReader(fields ?? {}, reader, new Date(minute * 60_000));
  return sanitizeWatermark(filled.watermarkInfo);
}

/** Names a watermark in the cache: readers with the same mark share its images. */
export function watermarkKey(info: WatermarkInfo): string {
  const canonical = JSON.stringify([info.text, info.fontSize, info.color, info.rotate, info.gap]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

/** The answer's `viewOnly` field (contracts §3): where the page images and texts are. */
export interface ViewOnlyField {
  /**
   * Relative to previewApi, with `{page}` (1-based) and `{width}`; null while the document
   * converts (ask again) or when pdf.js cannot open it (it has no pages to show).
   */
  pages: string | null;
  widths: readonly number[];
  /** Each page's text with positions (`{page}`); absent when the reader may not search. */
  text?: string;
}

/** `hash`: the viewable PDF's content hash, null when it has no pages to draw (yet). */
export function viewOnlyField(
  id: string,
  hash: string | null,
  minute: number,
  { searchable, comments }: { searchable: boolean; comments: boolean },
): ViewOnlyField {
  if (hash === null) return { pages: null, widths: PAGE_WIDTHS };
  const doc = `documents/${encodeURIComponent(id)}`;
  return {
    pages: `${doc}/pages/${hash}/${String(minute)}/${imageName('{page}', '{width}', comments)}`,
    widths: PAGE_WIDTHS,
    ...(searchable && { text: `${doc}/text/${hash}/{page}.json` }),
  };
}
