import type { InputRef } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { searchActions, selectSearchAvailable } from '../../models/search';
import { useT } from '../../i18n';
import { useEngine } from '../PdfView/useEngine';
import { FindBar } from './FindBar';
import { SearchResults } from './SearchResults';
import { useFindController } from './useFindController';
import { useSearchResults } from './useSearchResults';
import { pdfTextSource } from './pdfTextSource';
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
  const t = useT();
  const dispatch = useAppDispatch();
  const engine = useEngine();
  const { query, caseSensitive, entireWord, focusRequest, openedByLink, step } = useAppSelector(
    (state) => state.search,
  );
  // The list first: it must hear the first search the find bar sends.
  const results = useSearchResults(engine, query);
  const find = useFindController(engine, { query, caseSensitive, entireWord });
  const source = useMemo(() => (engine ? pdfTextSource(engine.pdf) : undefined), [engine]);
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

  // F3 / Shift+F3 (the model's keyboard subscription) step like Enter does.
  const stepSeen = useRef(step.seq);
  const { step: findStep } = find;
  useEffect(() => {
    if (step.seq === stepSeen.current) return;
    stepSeen.current = step.seq;
    findStep(step.previous);
  }, [step, findStep]);

  const close = useCallback(() => {
    const target = returnFocus.current;
    if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
      target.focus();
    } else {
      engine?.viewer.container.focus();
    }
    dispatch(searchActions.close());
  }, [dispatch, engine]);

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
      <FindBar
        inputRef={input}
        status={find.status}
        results={results}
        onStep={find.step}
        onClose={close}
      />
      <SearchResults
        results={results}
        source={source}
        selectedId={find.status.selectedId}
        onOpen={find.goTo}
      />
    </section>
  );
}
