/**
 * Validates and normalises the facility's `GET documents/{id}` answer (contracts §3). Nothing from the
 * server is trusted: each field is type-checked, bounded and given a safe default, and only the
 * top level not being an object makes the answer unusable. What had to be corrected is listed in
 * `corrections`, for diagnostics and tests.
 *
 * The document read here is the doc model's `docData` as it is (spec §7: the fetch "stores the
 * answer as docData"), so a new field of the answer is made here alone: its type in `DocData`, its
 * reading in `normalizeDocument`, its empty value in `initialDocData`
 * (docs/decisions/2026-11-29-facility-field-one-place.md).
 */
import { documentPath, httpUrl } from './facilityPaths';
import { namedRanges } from './pdf/firstRanges';
import { sanitizeParam } from './param';
import { MalformedResponseError } from './request';
import { sanitizeText, TEXT_LIMITS } from './sanitizeText';
import { sanitizeWatermark } from './watermark/sanitize.ts';
import { readListing } from './listing/read';
import { readSheetBook } from './sheet/read';
import { readMedia } from './media/read';
import { PARAM_DEFAULTS } from '../domain/document';
import type { Listing } from '../domain/listing';
import type { DocView } from '../domain/view';
import type { MediaInfo } from '../domain/media';
import type { SheetBook } from '../domain/sheet';
import type {
  ByteRange,
  DocParam,
  OutlineItem,
  PagePreviews,
  PageSize,
  ViewOnlyPages,
  WatermarkInfo,
} from '../domain/document';

/** spec §3 docData (title … param), and the other fields of the answer the viewer reads. */
export interface DocData {
  title: string;
  watermarkInfo: WatermarkInfo;
  /** One per page, in order, never longer than pageCount. */
  pageSize: PageSize[];
  pageCount: number;
  /** Clamped to [0, pageCount]; less than pageCount while the facility converts. */
  loadedCount: number;
  docOutline: OutlineItem[];
  param: DocParam;
  /** Absolute URL of the viewable PDF: the facility's fileUrl resolved against previewApi. */
  fileUrl: string;
  /** Absolute URL of the original file, `documents/{id}/original` (contracts §3). */
  originalUrl: string;
  /** The facility's page previews (contracts §3 `previews`); undefined when it offers none. */
  previews: PagePreviews | undefined;
  /** The bytes page 1 needs (contracts §3 `firstPageRanges`); [] when the facility names none. */
  firstPageRanges: ByteRange[];
  /**
   * Page images instead of the file (contracts §3 `viewOnly`); then `download` is off whatever
   * the policy says (the server answers 403 for the file) and there are no previews.
   */
  viewOnly: ViewOnlyPages | undefined;
  /**
   * How the document is read (contracts §3 "Views beyond pages"): `pages` (pdf.js, or view-only
   * page images) unless the answer names `listing`; the doc model's effects pick the engine by it.
   */
  view: DocView;
  /** An archive's or an e-mail's entries when `view` is `listing`; undefined otherwise. */
  listing: Listing | undefined;
  /**
   * A workbook's sheets and the URLs of their rows when `view` is `sheet` (services/sheet/read.ts);
   * undefined otherwise, or when the field is unusable (the sheet view then says so).
   */
  sheet: SheetBook | undefined;
  /** The player's file and captions when `view` is `media`; undefined otherwise. */
  media: MediaInfo | undefined;
}

/**
 * The answer as read: the document, its MIME type, and what had to be corrected in it. Spec §3
 * keeps `mimeType` beside docData in the viewer's state, not in it; the doc model's `save` stores
 * it there, once (docs/decisions/2026-12-07-views-in-one-house.md).
 */
export interface FacilityDocument extends DocData {
  mimeType: string;
  corrections: Correction[];
}

/** No document yet: empty, with spec §3's default param ('' for the URLs: none known). */
export const initialDocData: DocData = {
  title: '',
  watermarkInfo: {},
  pageSize: [],
  pageCount: 0,
  loadedCount: 0,
  docOutline: [],
  param: PARAM_DEFAULTS,
  fileUrl: '',
  originalUrl: '',
  previews: undefined,
  firstPageRanges: [],
  viewOnly: undefined,
  view: 'pages',
  listing: undefined,
  sheet: undefined,
  media: undefined,
};

/** What the doc model's `save` stores: spec §3's docData and, beside it, mimeType. */
export interface SavedDocument {
  docData: DocData;
  mimeType: string;
}

/** The answer as the doc model stores it (`save`). */
export function savedOf(doc: FacilityDocument): SavedDocument {
  return { docData: docDataOf(doc), mimeType: doc.mimeType };
}

/**
 * spec §3 docData, to store whole: the answer without its diagnostics, and without the MIME type
 * the state keeps beside it.
 */
export function docDataOf(doc: FacilityDocument): DocData {
  const docData: DocData & Partial<Pick<FacilityDocument, 'corrections' | 'mimeType'>> = {
    ...doc,
  };
  delete docData.corrections;
  delete docData.mimeType;
  return docData;
}

export type Correction =
  | 'pageCountCapped'
  | 'pageCountInvalid'
  | 'pageSizeReplaced'
  | 'outlineTruncated'
  | 'fileUrlInvalid'
  | 'previewsInvalid'
  | 'firstPageRangesInvalid'
  | 'viewOnlyInvalid';

export const LIMITS = {
  /** A facility claiming more pages than this is wrong; pdf.js's own count wins once it opens. */
  pageCount: 100_000,
  /** PDF's largest page side without UserUnit: 200 inches. */
  pageSide: 14_400,
  outlineDepth: 16,
  outlineItems: 10_000,
  urlLength: 2048,
  mimeType: 127,
  /** More widths than a viewer could ever choose between is a facility error. */
  previewWidths: 16,
  /** Device pixels: wider than any screen's page at 200 % and DPR 3. */
  previewWidth: 8192,
} as const;

/** US Letter in points: stands in for a missing or impossible page size (pdf.js measures later). */
export const DEFAULT_PAGE_SIZE: Readonly<PageSize> = Object.freeze({ width: 612, height: 792 });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : undefined;
}

function side(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= LIMITS.pageSide
  );
}

function pageSizes(raw: unknown, pageCount: number, fix: (c: Correction) => void): PageSize[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, pageCount).map((entry: unknown) => {
    if (isRecord(entry) && side(entry.width) && side(entry.height)) {
      return { width: entry.width, height: entry.height };
    }
    fix('pageSizeReplaced');
    return { ...DEFAULT_PAGE_SIZE };
  });
}

function outline(raw: unknown, pageCount: number, fix: (c: Correction) => void): OutlineItem[] {
  let budget: number = LIMITS.outlineItems;
  const level = (items: unknown, depth: number): OutlineItem[] => {
    if (!Array.isArray(items)) return [];
    if (depth > LIMITS.outlineDepth) {
      if (items.length > 0) fix('outlineTruncated');
      return [];
    }
    const out: OutlineItem[] = [];
    for (const item of items) {
      if (budget <= 0) {
        fix('outlineTruncated');
        break;
      }
      if (!isRecord(item)) continue;
      budget -= 1;
      const page = item.page;
      out.push({
        title: sanitizeText(item.title, TEXT_LIMITS.outlineItem),
        page:
          typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= pageCount
            ? page
            : null,
        children: level(item.children, depth + 1),
      });
    }
    return out;
  };
  return level(raw, 1);
}

/**
 * The answer's view as its `view` names it alone: `listing` or `sheet` when it says so, else pages
 * (the contract's default). `media` is read with its player's file (services/media/read.ts).
 */
export function readView(raw: unknown): DocView {
  return raw === 'listing' || raw === 'sheet' ? raw : 'pages';
}

function mimeType(value: unknown): string {
  return typeof value === 'string' &&
    value.length <= LIMITS.mimeType &&
    /^[\w.+-]+\/[\w.+-]+$/.test(value)
    ? value.toLowerCase()
    : '';
}

/** The contract's own place for the viewable PDF, absolute. */
function contentUrl(where: Where): string {
  return new URL(documentPath(where.id, 'content'), where.base).href;
}

/**
 * The facility's fileUrl when it is an http(s) URL (relative to previewApi or absolute: a facility
 * may serve content from elsewhere); otherwise the contract's own path. Never `javascript:` or
 * `data:` — the URL reaches pdf.js and, for downloads, an anchor.
 */
function fileUrl(value: unknown, where: Where, fix: (c: Correction) => void): string {
  const fallback = contentUrl(where);
  if (value === undefined) return fallback;
  const given =
    typeof value === 'string' && value.length <= LIMITS.urlLength && value.trim() !== ''
      ? httpUrl(value.trim(), where.base)
      : undefined;
  if (given === undefined) fix('fileUrlInvalid');
  return given ?? fallback;
}

/**
 * An http(s) URL template (relative to previewApi) holding each of `placeholders`, as the contract
 * writes them (URL parsing percent-encodes the braces: they are put back).
 */
function urlTemplate(raw: unknown, where: Where, placeholders: readonly string[]) {
  if (typeof raw !== 'string' || raw.length > LIMITS.urlLength) return undefined;
  if (!placeholders.every((name) => raw.includes(`{${name}}`))) return undefined;
  return placeholders.reduce<string | undefined>(
    (url, name) => url?.replaceAll(`%7B${name}%7D`, `{${name}}`),
    httpUrl(raw, where.base),
  );
}

/** Plausible image widths (device pixels), sorted; undefined when any is not. */
function imageWidths(raw: unknown): number[] | undefined {
  const widths: unknown[] = Array.isArray(raw) ? raw : [];
  const usable = widths.filter(
    (w): w is number =>
      typeof w === 'number' && Number.isInteger(w) && w > 0 && w <= LIMITS.previewWidth,
  );
  const plausible =
    usable.length > 0 && usable.length === widths.length && widths.length <= LIMITS.previewWidths;
  return plausible ? [...new Set(usable)].sort((a, b) => a - b) : undefined;
}

/**
 * The facility's `previews` (contracts §3) when usable: an http(s) URL template with both
 * placeholders, at least one page within the document, and plausible widths (sorted here).
 */
function usablePreviews(raw: unknown, pageCount: number, where: Where): PagePreviews | undefined {
  if (!isRecord(raw)) return undefined;
  const template = urlTemplate(raw.url, where, ['page', 'width']);
  const pages = Math.min(count(raw.pages) ?? 0, pageCount);
  const widths = imageWidths(raw.widths);
  if (template === undefined || pages < 1 || widths === undefined) return undefined;
  return { url: template, pages, widths };
}

/**
 * The facility's `viewOnly` (contracts §3). Its presence alone is what matters: the reader gets
 * no file, so a malformed one still means view-only, with no pages to show (never the file's URL).
 */
function viewOnly(
  raw: unknown,
  where: Where,
  fix: (c: Correction) => void,
): ViewOnlyPages | undefined {
  if (raw === undefined) return undefined;
  const given = isRecord(raw) ? raw : {};
  const pages = urlTemplate(given.pages, where, ['page', 'width']) ?? null;
  const widths = imageWidths(given.widths);
  const text = given.text === undefined ? undefined : urlTemplate(given.text, where, ['page']);
  const usable = widths !== undefined && (given.pages === null || pages !== null);
  if (!usable || (given.text !== undefined && text === undefined)) fix('viewOnlyInvalid');
  return { pages: widths === undefined ? null : pages, widths: widths ?? [], text };
}

/** Anything unusable is dropped as a whole: without previews the viewer only loses speed. */
function previews(
  raw: unknown,
  pageCount: number,
  where: Where,
  fix: (c: Correction) => void,
): PagePreviews | undefined {
  if (raw === undefined) return undefined;
  const usable = usablePreviews(raw, pageCount, where);
  if (usable === undefined) fix('previewsInvalid');
  return usable;
}

/** The ranges named for page 1 that are usable (namedRanges); a correction when any is not. */
function firstPageRanges(raw: unknown, fix: (c: Correction) => void): ByteRange[] {
  if (raw === undefined) return [];
  const usable = namedRanges(raw);
  if (!Array.isArray(raw) || usable.length < raw.length) fix('firstPageRangesInvalid');
  return usable;
}

function pageCountOf(raw: Record<string, unknown>, fix: (c: Correction) => void): number {
  const given = count(raw.pageCount);
  if (given === undefined && raw.pageCount !== undefined) fix('pageCountInvalid');
  const fallback = Array.isArray(raw.pageSize) ? raw.pageSize.length : 0;
  const pageCount = given ?? fallback;
  if (pageCount <= LIMITS.pageCount) return pageCount;
  fix('pageCountCapped');
  return LIMITS.pageCount;
}

/** The document the answer is for, and the absolute previewApi URL its paths are relative to. */
export interface Where {
  id: string;
  base: URL;
}

/** Throws MalformedResponseError only when the answer is not a JSON object at all. */
export function normalizeDocument(raw: unknown, where: Where): FacilityDocument {
  if (!isRecord(raw)) throw new MalformedResponseError('The document answer is not a JSON object');
  const corrections = new Set<Correction>();
  const fix = (c: Correction) => corrections.add(c);

  const pageCount = pageCountOf(raw, fix);
  // A missing or wrong loadedCount means nothing left to wait for: the content request would
  // report a conversion still running, whereas waiting on a guess could poll for nothing. So does
  // an absurd pageCount: no conversion will ever reach it.
  const capped = corrections.has('pageCountCapped');
  const loadedCount = capped ? pageCount : Math.min(count(raw.loadedCount) ?? pageCount, pageCount);
  const imagesOnly = viewOnly(raw.viewOnly, where, fix);
  const param = sanitizeParam(raw.param);
  const media = readMedia(raw.view, raw.media, where.base);
  // `media` without a usable player's file is shown as pages would be: the facility's error.
  const view = media ? 'media' : readView(raw.view);
  return {
    title: sanitizeText(raw.title, TEXT_LIMITS.title),
    watermarkInfo: sanitizeWatermark(raw.watermarkInfo),
    pageSize: pageSizes(raw.pageSize, pageCount, fix),
    pageCount,
    loadedCount,
    docOutline: outline(raw.docOutline, pageCount, fix),
    // A view-only reader is never sent the file, whatever the policy says.
    param: imagesOnly || media?.viewOnly === true ? { ...param, download: false } : param,
    mimeType: mimeType(raw.mimeType),
    fileUrl: fileUrl(raw.fileUrl, where, fix),
    originalUrl: new URL(documentPath(where.id, 'original'), where.base).href,
    previews: imagesOnly ? undefined : previews(raw.previews, pageCount, where, fix),
    firstPageRanges: imagesOnly ? [] : firstPageRanges(raw.firstPageRanges, fix),
    viewOnly: imagesOnly,
    view,
    listing: readListing(view, raw.listing),
    sheet:
      view === 'sheet'
        ? readSheetBook(raw.sheet, (template, names) => urlTemplate(template, where, names))
        : undefined,
    media,
    corrections: [...corrections],
  };
}
