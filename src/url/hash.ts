/**
 * The viewer URL's hash (docs/contracts.md §4), read the way pdf.js reads it: any key's text
 * (readHashKey, for the url model's parameters, src/models/url/effects.ts), and the PDF open
 * parameters (`#page=<n>&zoom=<percent>`), which writing the reader's place back also needs.
 */
export interface HashView {
  /** 1-based page; 0 is kept (the model makes it page 1). */
  page?: number;
  /** Percent. */
  zoom?: number;
}

interface Segment {
  key: string;
  raw: string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function segments(hash: string): Segment[] {
  return hash
    .replace(/^#/, '')
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const at = raw.indexOf('=');
      return { key: decode(at < 0 ? raw : raw.slice(0, at)).toLowerCase(), raw };
    });
}

function valueOf(segment: Segment): string {
  const at = segment.raw.indexOf('=');
  return at < 0 ? '' : decode(segment.raw.slice(at + 1)).trim();
}

/**
 * The text of one hash key (case-insensitive, the first occurrence wins, `+` and %-escapes
 * decoded, trimmed), or undefined when the key is absent.
 */
export function readHashKey(hash: string, key: string): string | undefined {
  const segment = segments(hash).find((s) => s.key === key.toLowerCase());
  return segment ? valueOf(segment) : undefined;
}

/**
 * The place `page` and `zoom` say, from their texts (as readHashKey gives them): `zoom=150,10,20`
 * (with a position) is 150; `zoom=page-width` and other named zooms, and anything not a number,
 * are ignored.
 */
export function viewOf(page: string | undefined, zoom: string | undefined): HashView {
  const view: HashView = {};
  if (page !== undefined && /^\d{1,15}$/.test(page)) view.page = Number(page);
  const percent = (zoom?.split(',')[0] ?? '').trim();
  if (/^\d{1,6}(\.\d+)?$/.test(percent) && Number(percent) > 0) view.zoom = Number(percent);
  return view;
}

/** Reads `page` and a numeric `zoom` from a hash (keys as pdf.js reads them; see viewOf). */
export function parseHash(hash: string): HashView {
  return viewOf(readHashKey(hash, 'page'), readHashKey(hash, 'zoom'));
}

export const sameView = (a: HashView, b: HashView): boolean =>
  a.page === b.page && a.zoom === b.zoom;

/**
 * The hash with `page` (and `zoom`, when given) set, every other key kept in place and in order.
 * A missing `page` goes first and a missing `zoom` right after it, as in pdf.js's own links.
 */
export function formatHash(hash: string, view: { page: number; zoom?: number }): string {
  const own = {
    page: `page=${view.page}`,
    zoom: view.zoom === undefined ? undefined : `zoom=${view.zoom}`,
  };
  const kept: string[] = [];
  const placed = { page: false, zoom: false };
  for (const segment of segments(hash)) {
    if (segment.key === 'page' || (segment.key === 'zoom' && own.zoom !== undefined)) {
      const key = segment.key;
      if (!placed[key]) kept.push(own[key] ?? segment.raw);
      placed[key] = true;
    } else {
      kept.push(segment.raw);
    }
  }
  if (!placed.page) kept.unshift(own.page);
  if (own.zoom !== undefined && !placed.zoom) {
    kept.splice(kept.indexOf(own.page) + 1, 0, own.zoom);
  }
  return `#${kept.join('&')}`;
}

/**
 * The hash to show for the reader's place: `zoom` is written once it differs from 100 % or when
 * the hash already holds a numeric zoom (which must then follow); nothing changes while the reader
 * is still where a hash without `page` puts them (page 1, 100 %).
 */
export function hashForView(hash: string, page: number, zoomPercent: number): string {
  const current = parseHash(hash);
  const zoom = zoomPercent !== 100 || current.zoom !== undefined ? zoomPercent : undefined;
  if (current.page === undefined && page === 1 && zoom === undefined) return hash;
  return formatHash(hash, { page, zoom });
}
