import type { InputRef } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import {
  searchActions,
  selectFindStatus,
  selectSearchAvailable,
  selectSearchResults,
} from '../../models/search';
import type { Hit } from '../../domain/search';
import { useMessages } from '../../i18n';
import { searchMessages } from './messages';
import { documentSession } from '../../services/pdf/session';
import { FindBar } from './FindBar';
import { SearchResults } from './SearchResults';
import './Search.css';

/**
 * Search (behaviour.md, "Search", contracts §5b `showSearch`): beside the pages while the find bar is open, absent
 * otherwise. A `#search=` link opens it through the url model.
 */
export function SearchPanel() {
  const available = useAppSelector(selectSearchAvailable);
  const open = useAppSelector((state) => state.search.open);
  if (!available || !open) return null;
  return <OpenSearchPanel />;
}

function OpenSearchPanel() {
  const t = useMessages(searchMessages);
  const dispatch = useAppDispatch();
  const engine = useAppSelector((state) => state.viewer.engine);
  const { focusRequest, openedByLink } = useAppSelector((state) => state.search);
  const status = useAppSelector(selectFindStatus);
  const results = useAppSelector(selectSearchResults);
  // pdf.js's search runs while the bar is shown over this engine (services/pdf/find.ts).
  useEffect(() => {
    void dispatch(searchActions.barShown());
    return () => {
      void dispatch(searchActions.barHidden());
    };
  }, [engine, dispatch]);
  const source = useMemo(() => (engine > 0 ? documentSession.pageText() : undefined), [engine]);
  const input = useRef<InputRef>(null);
  // Where the keyboard was before the bar took it; it goes back there when the bar closes.
  const returnFocus = useRef<Element | null>(null);

  useLayoutEffect(() => {
    returnFocus.current ??= document.activeElement;
  }, []);

  // The keyboard goes to the box whenever asked, and on opening unless a link opened the bar.
  const [focusAtOpen] = useState(focusRequest);
  useEffect(() => {
    if (openedByLink && focusRequest === focusAtOpen) return;
    input.current?.focus({ cursor: 'all' });
  }, [focusRequest, openedByLink, focusAtOpen]);

  // Enter, Shift+Enter and the buttons step as F3 / Shift+F3 do (the search model's effects).
  const step = useCallback(
    (previous: boolean) => {
      dispatch(previous ? searchActions.findPrevious() : searchActions.findNext());
    },
    [dispatch],
  );
  const goTo = useCallback(
    (hit: Hit) => {
      void dispatch(searchActions.goTo(hit));
    },
    [dispatch],
  );

  const close = useCallback(() => {
    const target = returnFocus.current;
    if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
      target.focus();
    } else {
      documentSession.pagesContainer()?.focus();
    }
    dispatch(searchActions.close());
  }, [dispatch]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };

  return (
    <section
      className="folio-search-panel"
      role="search"
      aria-label={t('search.region')}
      onKeyDown={onKeyDown}
    >
      <FindBar inputRef={input} status={status} results={results} onStep={step} onClose={close} />
      <SearchResults
        results={results}
        source={source}
        selectedId={status.selectedId}
        onOpen={goTo}
      />
    </section>
  );
}
