import { Listy, Progress } from 'antd';
import type { ListyRef } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../app';
import { selectCanSelectText } from '../../models/doc/selectors';
import { useT } from '../../i18n';
import type { Translate } from '../../i18n';
import type { Hit } from './textSearch';
import type { SearchResults as Results } from './useSearchResults';

function plural(t: Translate, count: number, one: 'hits' | 'pages'): string {
  return count === 1 ? t(`search.${one}.one`) : t(`search.${one}.other`, { count });
}

/**
 * The list's height in pixels, followed as the panel resizes (undefined where nothing is laid out,
 * as in jsdom: the list then simply renders every row). A ref callback, since the list comes and
 * goes with the results.
 */
function useHeight() {
  const [height, setHeight] = useState<number | undefined>(undefined);
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (!element) return undefined;
    const measure = () => {
      const value = element.clientHeight;
      setHeight(value > 0 ? value : undefined);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [ref, height] as const;
}

export interface SearchResultsProps {
  results: Results;
  selectedId: string | undefined;
  onOpen: (hit: Hit, hitsOnPage: number) => void;
}

/**
 * Every match with its page and a line of context (plain text), streaming in while the pages are
 * searched, with the progress; a click goes to the match. Virtual: only the rows in view exist,
 * however many matches there are. The current match is marked and kept in view.
 */
export const SearchResults = memo(function SearchResults({
  results,
  selectedId,
  onOpen,
}: SearchResultsProps) {
  const t = useT();
  const selectable = useAppSelector(selectCanSelectText);
  const [holder, height] = useHeight();
  const list = useRef<ListyRef>(null);
  const { hits, status, total, pagesWithHits, pagesSearched, pageCount, failedPages } = results;

  const perPage = useMemo(() => {
    const counts = new Map<number, number>();
    for (const hit of hits) counts.set(hit.page, (counts.get(hit.page) ?? 0) + 1);
    return counts;
  }, [hits]);
  const listed = useMemo(() => new Set(hits.map((hit) => hit.id)), [hits]);

  useEffect(() => {
    if (selectedId !== undefined && listed.has(selectedId)) {
      list.current?.scrollTo({ key: selectedId, align: 'auto' });
    }
  }, [selectedId, listed]);

  if (status === 'idle') return null;

  const percent = pageCount > 0 ? Math.floor((100 * pagesSearched) / pageCount) : 0;
  return (
    <div className={`folio-search-results${selectable ? '' : ' folio-search-noselect'}`}>
      <div className="folio-search-status">
        {status === 'running' && (
          <>
            <span>
              {t('search.progress', { page: pagesSearched, count: pageCount })}
              {total > 0 && ` · ${plural(t, total, 'hits')}`}
            </span>
            <Progress percent={percent} size="small" showInfo={false} />
          </>
        )}
        <div aria-live="polite">
          {status === 'done' &&
            (total === 0
              ? t('search.noMatches')
              : t('search.summary', {
                  hits: plural(t, total, 'hits'),
                  pages: plural(t, pagesWithHits, 'pages'),
                }))}
        </div>
        {total > hits.length && <div>{t('search.truncated', { shown: hits.length })}</div>}
        {failedPages.map((page) => (
          <div key={page} className="folio-search-warning">
            {t('search.pageError', { page })}
          </div>
        ))}
      </div>
      <div ref={holder} className="folio-search-list" role="list" aria-label={t('search.results')}>
        <Listy<Hit>
          ref={list}
          items={hits as Hit[]}
          rowKey="id"
          virtual
          height={height}
          styles={{ item: { padding: 0 } }}
          itemRender={(hit) => (
            <div role="listitem">
              <button
                type="button"
                className="folio-search-hit"
                aria-current={hit.id === selectedId ? 'true' : undefined}
                onClick={() => {
                  onOpen(hit, perPage.get(hit.page) ?? 1);
                }}
              >
                <span className="folio-search-hit-page">
                  {t('search.page', { page: hit.page })}
                </span>
                <span className="folio-search-hit-text">
                  {hit.before}
                  <mark>{hit.match}</mark>
                  {hit.after}
                </span>
              </button>
            </div>
          )}
        />
      </div>
    </div>
  );
});
