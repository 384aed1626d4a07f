import { CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Tooltip } from 'antd';
import type { InputRef } from 'antd';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { searchActions } from '../../models/search';
import { useMessages } from '../../i18n';
import { searchMessages } from './messages';
import type { Translate } from '../../i18n';
import type { FindStatus } from '../../domain/search';
import type { SearchResults } from '../../domain/search';

/**
 * The count (contracts §5: `<i> of <n>`), from pdf.js; "No matches" as soon as either pdf.js or our
 * own pass over the text has searched every page and found nothing.
 */
export function countText(
  t: Translate<keyof typeof searchMessages>,
  query: string,
  status: FindStatus,
  results: Pick<SearchResults, 'status' | 'total'>,
): string {
  if (query.trim() === '') return '';
  const { current, total } = status;
  if (total > 0) {
    return current > 0 ? t('search.count', { current, total }) : t('search.countTotal', { total });
  }
  if (status.state === 'notFound' || (results.status === 'done' && results.total === 0)) {
    return t('search.noMatches');
  }
  return t('search.searching');
}

function IconButton({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
      />
    </Tooltip>
  );
}

export interface FindBarProps {
  inputRef: Ref<InputRef>;
  status: FindStatus;
  results: SearchResults;
  onStep: (previous: boolean) => void;
  onClose: () => void;
}

/**
 * The search box (a `searchbox`), previous/next, close, match case, whole words and the count.
 * Enter / Shift+Enter step through the matches; Esc (anywhere in the panel) closes.
 */
export function FindBar({ inputRef, status, results, onStep, onClose }: FindBarProps) {
  const t = useMessages(searchMessages);
  const dispatch = useAppDispatch();
  const { query, caseSensitive, entireWord } = useAppSelector((state) => state.search);
  const empty = query.trim() === '';

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onStep(event.shiftKey);
  };

  return (
    <div className="folio-search-bar">
      <div className="folio-search-row">
        <Input
          ref={inputRef}
          type="search"
          size="small"
          aria-label={t('search.box')}
          placeholder={t('search.placeholder')}
          value={query}
          maxLength={500}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => dispatch(searchActions.setQuery(event.target.value))}
          onKeyDown={onKeyDown}
        />
        <IconButton
          label={t('search.previous')}
          icon={<UpOutlined />}
          disabled={empty}
          onClick={() => {
            onStep(true);
          }}
        />
        <IconButton
          label={t('search.next')}
          icon={<DownOutlined />}
          disabled={empty}
          onClick={() => {
            onStep(false);
          }}
        />
        <IconButton label={t('search.close')} icon={<CloseOutlined />} onClick={onClose} />
      </div>
      <div className="folio-search-row">
        <Checkbox
          checked={caseSensitive}
          onChange={(event) => dispatch(searchActions.setCaseSensitive(event.target.checked))}
        >
          {t('search.matchCase')}
        </Checkbox>
        <Checkbox
          checked={entireWord}
          onChange={(event) => dispatch(searchActions.setEntireWord(event.target.checked))}
        >
          {t('search.wholeWords')}
        </Checkbox>
        <span className="folio-search-count" role="status">
          {countText(t, query, status, results)}
        </span>
      </div>
    </div>
  );
}
