import { Listy, Progress } from 'antd';
import type { ListyRef } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../app';
import { selectCanSelectText } from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { searchMessages } from './messages';
import type { Translate } from '../../i18n';
import { contextOf, rawRange } from '../../services/pdf/pageText';
import type { Hit } from '../../domain/search';
import type { PageTextSource } from '../../services/pdf/pageText';
import type { SearchResults as Results } from '../../domain/search';

function plural(
  t: Translate<keyof typeof searchMessages>,
  count: number,
  one: 'hits' | 'pages',
): string {
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

/** A page's text, once read (rows show their page number meanwhile). */
function usePageText(source: PageTextSource | undefined, page: number): string | undefined {
  const [read, setRead] = useState<{ page: number; text: string } | undefined>(undefined);
  const known = source?.peek(page);
  useEffect(() => {
    if (!source || known !== undefined) return undefined;
    let live = true;
    source.pageText(page).then(
      (text) => {
        if (live) setRead({ page, text });
      },
      () => {
        if (live) setRead({ page, text: '' });
      },
    );
    return () => {
      live = false;
    };
  }, [source, page, known]);
  return known ?? (read?.page === page ? read.text : undefined);
}

function HitRow({
  hit,
  source,
  current,
  onOpen,
}: {
  hit: Hit;
  source: PageTextSource | undefined;
  current: boolean;
  onOpen: (hit: Hit) => void;
}) {
  const t = useMessages(searchMessages);
  const text = usePageText(source, hit.page);
  const context =
    text === undefined ? undefined : contextOf(text, rawRange(text, hit.offset, hit.length));
  return (
    <div role="listitem">
      <button
        type="button"
        className="folio-search-hit"
        aria-current={current ? 'true' : undefined}
        onClick={() => {
          onOpen(hit);
        }}
      >
        <span className="folio-search-hit-page">{t('search.page', { page: hit.page })}</span>
        <span className="folio-search-hit-text">
          {context ? (
            <>
              {context.before}
              <mark>{context.match}</mark>
              {context.after}
            </>
          ) : (
            '…'
          )}
        </span>
      </button>
    </div>
  );
}

export interface SearchResultsProps {
  results: Results;
  /** The document's text, for the context lines. */
  source: PageTextSource | undefined;
  selectedId: string | undefined;
  onOpen: (hit: Hit) => void;
}

/**
 * Every match with its page and a line of context (plain text), following the search as it goes
 * through the pages, with its progress; a click goes to the match. Virtual: only the rows in view
 * exist (and only their pages' text is read), however many matches there are. The current match
 * is marked and kept in view.
 */
export const SearchResults = memo(function SearchResults({
  results,
  source,
  selectedId,
  onOpen,
}: SearchResultsProps) {
  const t = useMessages(searchMessages);
  const selectable = useAppSelector(selectCanSelectText);
  const [holder, height] = useHeight();
  const list = useRef<ListyRef>(null);
  const { hits, status, total, pagesWithHits, pagesSearched, pageCount } = results;

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
            <Progress
              percent={percent}
              size="small"
              showInfo={false}
              aria-label={t('search.progress', { page: pagesSearched, count: pageCount })}
            />
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
            <HitRow hit={hit} source={source} current={hit.id === selectedId} onOpen={onOpen} />
          )}
        />
      </div>
    </div>
  );
});
