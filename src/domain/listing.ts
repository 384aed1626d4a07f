/**
 * What a listing view shows (contracts §3 "Views beyond pages"; the listing contract in
 * docs/decisions/2026-12-06-listing-view.md): an archive's or an e-mail's entries, each a document
 * of its own. Pure data, read and checked by services/listing/read.ts.
 */

export interface ListingEntry {
  /** The entry's own document id (`archive!3`, nested `archive!3!2`). */
  id: string;
  /** Its "/"-separated path inside the archive (an attachment's file name for an e-mail). */
  path: string;
  /** Bytes, undefined when the facility gave none. */
  size: number | undefined;
  /** ISO 8601 date, undefined when the facility gave none (or not a date). */
  modified: string | undefined;
  /** Folio can show it: a link to open it as a document; otherwise listed without one. */
  opens: boolean;
  /** The archive keeps it encrypted (then it does not open). */
  encrypted: boolean;
}

/** An e-mail's header fields and bodies, as text (the HTML body is shown in a sandboxed frame). */
export interface EmailMessage {
  from: string;
  to: string[];
  cc: string[];
  date: string | undefined;
  subject: string;
  text: string | undefined;
  html: string | undefined;
}

export interface Listing {
  kind: 'archive' | 'email';
  entries: ListingEntry[];
  /** The facility listed fewer entries than the archive holds (one of its caps). */
  truncated: boolean;
  /** For kind `email` only. */
  message: EmailMessage | undefined;
}
