/**
 * What a search is, below the services and the models (docs/architecture.md, "Where things go"):
 * the query pdf.js's find controller runs, what it says of it, and one listed match.
 */

/** The query and options the find bar sends (contracts §6). */
export interface FindQuery {
  query: string;
  caseSensitive: boolean;
  entireWord: boolean;
}

/** What pdf.js's find controller says of the running search (services/pdf/find.ts). */
export interface FindStatus {
  /** `idle` while there is nothing to look for. */
  state: 'idle' | 'pending' | 'found' | 'notFound' | 'wrapped';
  /** The current match, 1-based; 0 while none is selected. */
  current: number;
  /** Matches counted so far (it grows while pdf.js reads the pages). */
  total: number;
  /** The current match as a results-list id (`<page>:<offset>`). */
  selectedId: string | undefined;
}

export const IDLE: FindStatus = { state: 'idle', current: 0, total: 0, selectedId: undefined };

/** One listed match: pdf.js's `pageMatches[page - 1][indexOnPage]`. */
export interface Hit {
  /** `<page>:<offset>`: unique, and how the list knows pdf.js's current match. */
  id: string;
  /** 1-based. */
  page: number;
  /** The match's place among its page's matches, 0-based. */
  indexOnPage: number;
  /** pdf.js's offset and length of the match (see services/pdf/pageText.ts `rawRange`). */
  offset: number;
  length: number;
}

export function hitId(page: number, offset: number): string {
  return `${page}:${offset}`;
}

/** The results list: pdf.js's matches as its find controller holds them (services/pdf/findResults.ts). */
export interface SearchResults {
  /** `idle`: nothing to look for; `running`: pages are still being searched. */
  status: 'idle' | 'running' | 'done';
  /** In document order; at most MAX_HITS. */
  hits: readonly Hit[];
  /** Every match found so far, listed or not. */
  total: number;
  pagesWithHits: number;
  pagesSearched: number;
  pageCount: number;
}

export const NO_RESULTS: SearchResults = {
  status: 'idle',
  hits: [],
  total: 0,
  pagesWithHits: 0,
  pagesSearched: 0,
  pageCount: 0,
};
