/**
 * The results list's search: our own pass over the document's text (textSearch.ts), page by page,
 * streaming what it finds into React at a reader's pace, cancelled when the query, the options or
 * the document change, or the bar closes.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PDFDocumentProxy } from '../../services/pdf/pdfjs';
import { pdfTextSource } from './pdfTextSource';
import { createMatcher, searchDocument } from './textSearch';
import type { Hit, Matcher, MatchOptions, PageTextSource, SearchProgress } from './textSearch';

export interface SearchResults {
  /** `idle`: nothing to look for; `running`: pages are still being searched. */
  status: 'idle' | 'running' | 'done';
  hits: readonly Hit[];
  total: number;
  pagesWithHits: number;
  pagesSearched: number;
  pageCount: number;
  failedPages: readonly number[];
}

export const NO_RESULTS: SearchResults = {
  status: 'idle',
  hits: [],
  total: 0,
  pagesWithHits: 0,
  pagesSearched: 0,
  pageCount: 0,
  failedPages: [],
};

/** How often streamed results reach the screen (the first match goes at once). */
export const FLUSH_MS = 120;

function snapshot(progress: SearchProgress): SearchResults {
  return {
    status: progress.done ? 'done' : 'running',
    hits: progress.hits.slice(),
    total: progress.total,
    pagesWithHits: progress.pagesWithHits,
    pagesSearched: progress.pagesSearched,
    pageCount: progress.pageCount,
    failedPages: progress.failedPages.slice(),
  };
}

/** What the results are for: results of another search are never shown for this one. */
interface Keyed {
  pdf: PDFDocumentProxy;
  matcher: Matcher;
  results: SearchResults;
}

export function useSearchResults(
  pdf: PDFDocumentProxy | undefined,
  query: string,
  options: MatchOptions,
  /** For tests: where the text comes from instead of pdf.js. */
  sourceFor: (pdf: PDFDocumentProxy) => PageTextSource = pdfTextSource,
): SearchResults {
  const { caseSensitive, entireWord } = options;
  const matcher = useMemo(
    () => createMatcher(query, { caseSensitive, entireWord }),
    [query, caseSensitive, entireWord],
  );
  const [keyed, setKeyed] = useState<Keyed | undefined>(undefined);

  useEffect(() => {
    if (!pdf || !matcher) return undefined;
    const source = sourceFor(pdf);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: SearchProgress | undefined;
    let firstHitShown = false;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (latest && !controller.signal.aborted) {
        setKeyed({ pdf, matcher, results: snapshot(latest) });
      }
    };
    searchDocument(source, matcher, {
      signal: controller.signal,
      onProgress: (progress) => {
        latest = progress;
        if ((!firstHitShown && progress.total > 0) || progress.done) {
          firstHitShown = progress.total > 0;
          flush();
        } else {
          timer ??= setTimeout(flush, FLUSH_MS);
        }
      },
    }).catch((error: unknown) => {
      console.error('Search failed', error);
    });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [pdf, matcher, sourceFor]);

  if (!pdf || !matcher) return NO_RESULTS;
  if (keyed?.pdf === pdf && keyed.matcher === matcher) return keyed.results;
  return { ...NO_RESULTS, status: 'running', pageCount: pdf.numPages };
}
