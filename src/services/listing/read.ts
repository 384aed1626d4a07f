/**
 * Reads the facility's `view` and `listing` (contracts §3 "Views beyond pages"; the contract in
 * docs/decisions/2026-12-06-listing-view.md). Nothing is trusted: names are text with their
 * invisible and bidi controls taken out, ids are checked as `?doc=` ids are (an entry whose id
 * could not be linked to is listed without a link), numbers and dates are checked, everything is
 * capped. The bodies of an e-mail stay as they are, within a cap: the text one is shown as text,
 * the HTML one only inside a sandboxed frame with no script and no network (EmailMessage.tsx).
 */
import type { EmailMessage, Listing, ListingEntry } from '../../domain/listing';
import type { DocView } from '../../domain/view';
import { readDocId } from '../../url/docId';
import { sanitizeText, stripInvisible } from '../sanitizeText';

export const LISTING_LIMITS = {
  /** Entries listed at most; more is shown as a truncated listing. */
  entries: 100_000,
  /** A path inside an archive, in code points. */
  path: 1024,
  /** An e-mail address line (From, one To or Cc) and the subject. */
  header: 998,
  /** Recipients listed per field. */
  recipients: 500,
  /** The text body and the HTML body, in UTF-16 units. */
  body: 2_000_000,
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A path's segments as text; empty segments (`a//b`, a leading `/`) dropped. */
function readPath(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw
    .split('/')
    .map((segment) => sanitizeText(segment, LISTING_LIMITS.path))
    .filter((segment) => segment !== '')
    .join('/')
    .slice(0, LISTING_LIMITS.path * 2);
}

function readDate(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 64) return undefined;
  const time = Date.parse(raw);
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

function readEntry(raw: unknown): ListingEntry | undefined {
  if (!isRecord(raw)) return undefined;
  const path = readPath(raw.path);
  if (path === '') return undefined;
  const id = readDocId(typeof raw.id === 'string' ? raw.id : null);
  const size = raw.size;
  return {
    id: id.kind === 'id' ? id.id : '',
    path,
    size:
      typeof size === 'number' && Number.isFinite(size) && size >= 0 ? Math.floor(size) : undefined,
    modified: readDate(raw.modified),
    opens: raw.opens === true && id.kind === 'id',
    encrypted: raw.encrypted === true,
  };
}

/** A body as the reader may see it: lines kept, other controls and bidi overrides out. */
function readBody(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  const bounded = raw.slice(0, LISTING_LIMITS.body).replace(/\r\n?/g, '\n');
  return bounded
    .split('\n')
    .map((line) => stripInvisible(line.replace(/\t/g, '    ')))
    .join('\n');
}

function readRecipients(raw: unknown): string[] {
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list
    .slice(0, LISTING_LIMITS.recipients)
    .map((item) => sanitizeText(item, LISTING_LIMITS.header))
    .filter((item) => item !== '');
}

function readMessage(raw: unknown): EmailMessage {
  const given = isRecord(raw) ? raw : {};
  return {
    from: sanitizeText(given.from, LISTING_LIMITS.header),
    to: readRecipients(given.to),
    cc: readRecipients(given.cc),
    date: readDate(given.date),
    subject: sanitizeText(given.subject, LISTING_LIMITS.header),
    text: readBody(given.text),
    // Kept as written: it is only ever a sandboxed frame's srcdoc, never markup of the page.
    html:
      typeof given.html === 'string' && given.html !== ''
        ? given.html.slice(0, LISTING_LIMITS.body)
        : undefined,
  };
}

/**
 * The answer's listing when its view is `listing`: an unusable one reads as an empty archive
 * (the reader sees an empty list, not a broken page); undefined for any other view.
 */
export function readListing(view: DocView, raw: unknown): Listing | undefined {
  if (view !== 'listing') return undefined;
  const given = isRecord(raw) ? raw : {};
  const kind = given.kind === 'email' ? 'email' : 'archive';
  const rawEntries: unknown[] = Array.isArray(given.entries) ? given.entries : [];
  const entries: ListingEntry[] = [];
  for (const item of rawEntries.slice(0, LISTING_LIMITS.entries)) {
    const entry = readEntry(item);
    if (entry) entries.push(entry);
  }
  return {
    kind,
    entries,
    truncated: given.truncated === true || rawEntries.length > LISTING_LIMITS.entries,
    message: kind === 'email' ? readMessage(given.message) : undefined,
  };
}
