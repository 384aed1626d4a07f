import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { useMessages } from '../../i18n';
import type { SheetBook } from '../../domain/sheet';
import { sheetActions } from '../../models/sheet';
import { cellName } from '../../services/sheet/cellRef';
import { sheetMessages } from './messages';

/** Hits listed at most under the searchbox; the count says how many there are. */
const LISTED_HITS = 200;

/**
 * The search over cells (the facility's, over every shown sheet): a searchbox, the count as a
 * status, the hits by sheet and cell, the current one marked; Enter asks, Enter again and
 * Shift+Enter step.
 */
export function SheetSearch({ book }: { book: SheetBook }) {
  const t = useMessages(sheetMessages);
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => state.sheet.search);
  const [text, setText] = useState(search.query);
  const step = (by: number) => {
    if (search.hits.length === 0) return;
    const next = (search.current + by + search.hits.length) % search.hits.length;
    dispatch(sheetActions.showHit(next));
  };
  const status =
    search.status === 'searching'
      ? t('sheet.searching')
      : search.status === 'failed'
        ? t('sheet.searchFailed')
        : search.status === 'done' && search.hits.length === 0
          ? t('sheet.noHit', { query: search.query })
          : search.status === 'done' && search.hits.length === 1
            ? t('sheet.hitsOne')
            : search.status === 'done'
              ? t(search.hits.length >= 1000 ? 'sheet.hitsCapped' : 'sheet.hits', {
                  count: search.hits.length,
                })
              : '';
  return (
    <div className="folio-sheet-search">
      <input
        type="search"
        className="folio-input folio-sheet-searchbox"
        aria-label={t('sheet.search')}
        placeholder={t('sheet.search')}
        value={text}
        maxLength={256}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (text.trim() === search.query && search.status === 'done')
            step(event.shiftKey ? -1 : 1);
          else void dispatch(sheetActions.search(text));
        }}
      />
      <span role="status" className="folio-sheet-search-status">
        {status}
      </span>
      {search.hits.length > 0 && (
        <ol className="folio-sheet-hits" aria-label={t('sheet.search')}>
          {search.hits.slice(0, LISTED_HITS).map(([sheet, r, c], index) => (
            <li key={`${String(sheet)}:${String(r)}:${String(c)}`}>
              <button
                type="button"
                className="folio-sheet-hit"
                aria-current={index === search.current ? 'true' : undefined}
                onClick={() => {
                  dispatch(sheetActions.showHit(index));
                }}
              >
                {t('sheet.hit', { sheet: book.sheets.at(sheet)?.name ?? '', cell: cellName(r, c) })}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
