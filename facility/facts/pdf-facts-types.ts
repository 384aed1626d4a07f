/** What pdf.js tells about a file; shared by the worker thread and the server side. */

export interface PageSize {
  width: number;
  height: number;
}

export interface OutlineEntry {
  title: string;
  /** 1-based; null when the entry has no destination inside the document (e.g. a web link). */
  page: number | null;
  children: OutlineEntry[];
}

/** `[first, last]` byte offsets, inclusive, as in an HTTP Range header. */
export type ByteRange = [number, number];

export interface PdfFacts {
  /** The document's Title metadata; null when it has none (the caller falls back to the file name). */
  title: string | null;
  pageCount: number;
  pageSize: PageSize[];
  docOutline: OutlineEntry[];
  /**
   * The ranges pdf.js reads to open the file and draw page 1 (first-page-ranges.ts); [] when it
   * cannot. Absent only from facts cached before they were read: those are read again.
   */
  firstPageRanges?: ByteRange[];
  /** Why pdf.js could not read the file (corrupt, encrypted, …); the other fields are then empty. */
  error?: string;
  /** Set when the parse was stopped for using too much memory: the facility answers 413. */
  refused?: 'too_large';
}

export const UNREADABLE: Omit<PdfFacts, 'error'> = {
  title: null,
  pageCount: 0,
  pageSize: [],
  docOutline: [],
};
