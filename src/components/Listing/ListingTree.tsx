import { FileOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app';
import type { ListingEntry } from '../../domain/listing';
import { useLocale, useMessages } from '../../i18n';
import { listingActions, selectListingQuery, selectOpenFolders } from '../../models/listing';
import { humanSize, shortDate } from '../../services/listing/format';
import { buildTree, entryName, filterEntries, visibleRows } from '../../services/listing/tree';
import type { TreeRow } from '../../services/listing/tree';
import { searchWithDoc } from '../../url/docLink';
import { listingMessages } from './messages';

/** Rows from which the tree is virtual: fewer are all in the page, as simple as a list gets. */
export const VIRTUAL_ROWS_FROM = 200;
/** A row's height until it is measured (a desktop's; a phone's rows are taller, then measured). */
const ROW_PX = 37;

/**
 * The entries as an ARIA tree (WAI-ARIA APG "Tree View", flat: `aria-level`, `aria-setsize`,
 * `aria-posinset` on each `treeitem`): one tab stop, the focus moved by the arrows, Home and End;
 * → opens a folder or goes into it, ← closes it or goes to its folder; Enter opens an entry (a link
 * to it as a document: `?doc=<entry id>`) or a folder. Above it a searchbox keeps the entries whose
 * name holds its text, their folders open. An entry Folio cannot show is listed without a link.
 *
 * From {@link VIRTUAL_ROWS_FROM} rows on, only the rows in view (and a few either side) and the
 * focused one, the tree's tab stop, are in the page (@tanstack/react-virtual, `scroller` being the
 * element that scrolls): a listing of 10 000 entries scrolls as one of 100
 * (docs/decisions/2026-12-06-big-listings.md). Each row says its place (`aria-setsize`,
 * `aria-posinset`), so a screen reader counts them all; the search finds any.
 */
export function ListingTree({
  entries,
  label,
  scroller,
}: {
  entries: readonly ListingEntry[];
  label: string;
  scroller: RefObject<HTMLElement | null>;
}) {
  const t = useMessages(listingMessages);
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectListingQuery);
  const open = useAppSelector(selectOpenFolders);
  const { search } = useLocation();
  const navigate = useNavigate();

  const shown = useMemo(() => filterEntries(entries, query), [entries, query]);
  const tree = useMemo(() => buildTree(shown, locale), [shown, locale]);
  const rows = useMemo(() => {
    const openSet = new Set(open);
    const searching = query.trim() !== '';
    return visibleRows(tree, (folder) => searching || openSet.has(folder.path));
  }, [tree, open, query]);

  const [focusKey, setFocusKey] = useState<string>();
  const moved = useRef(false);
  const items = useRef(new Map<string, HTMLElement>());
  const found = rows.findIndex((row) => row.key === focusKey);
  const currentIndex = found === -1 ? 0 : found;
  const current = rows.at(currentIndex);

  const virtual = rows.length >= VIRTUAL_ROWS_FROM;
  const treeElement = useRef<HTMLDivElement>(null);
  // The tree's offset in the scrolling element (an e-mail's message may come before it).
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(treeElement.current?.offsetTop ?? 0);
  }, [virtual, rows]);
  // The React Compiler is not used here: nothing memoizes the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
    scrollMargin: offset,
    getItemKey: (index) => rows[index]?.key ?? index,
    // The focused row stays in the page wherever the list is scrolled: the tree's one tab stop.
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return indexes.includes(currentIndex)
        ? indexes
        : [...indexes, currentIndex].sort((a, b) => a - b);
    },
  });

  useEffect(() => {
    if (!moved.current || current === undefined) return;
    moved.current = false;
    if (virtual) virtualizer.scrollToIndex(currentIndex);
    items.current.get(current.key)?.focus({ preventScroll: virtual });
  }, [current, currentIndex, virtual, virtualizer]);

  const focusRow = (row: TreeRow | undefined) => {
    if (row === undefined) return;
    moved.current = true;
    setFocusKey(row.key);
  };
  const setOpen = (path: string, isOpen: boolean) => {
    dispatch(listingActions.setFolderOpen({ path, open: isOpen }));
  };
  const entryLink = (entry: ListingEntry) => ({ search: searchWithDoc(search, entry.id) });

  const onKeyDown = (event: KeyboardEvent, row: TreeRow, index: number) => {
    const searching = query.trim() !== '';
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        focusRow(rows[index + 1]);
        break;
      case 'ArrowUp':
        focusRow(rows[index - 1]);
        break;
      case 'Home':
        focusRow(rows[0]);
        break;
      case 'End':
        focusRow(rows.at(-1));
        break;
      case 'ArrowRight':
        if (row.kind === 'folder' && !row.open) setOpen(row.folder.path, true);
        else if (row.kind === 'folder') focusRow(rows[index + 1]);
        break;
      case 'ArrowLeft':
        if (row.kind === 'folder' && row.open && !searching) setOpen(row.folder.path, false);
        else focusRow(rows.find((other) => other.key === row.parent));
        break;
      case 'Enter':
        if (row.kind === 'folder') setOpen(row.folder.path, !row.open);
        else if (row.entry.opens) void navigate(entryLink(row.entry));
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  /** One row; `placed`: its place in a virtual list. */
  const renderRow = (row: TreeRow, index: number, placed?: CSSProperties) => {
    const focused = row.key === current?.key;
    const common = {
      role: 'treeitem',
      'aria-level': row.level,
      'aria-setsize': row.setSize,
      'aria-posinset': row.position,
      tabIndex: focused ? 0 : -1,
      'data-index': index,
      ref: (element: HTMLElement | null) => {
        if (element) items.current.set(row.key, element);
        else items.current.delete(row.key);
        if (element && placed) virtualizer.measureElement(element);
      },
      onKeyDown: (event: KeyboardEvent) => {
        onKeyDown(event, row, index);
      },
      onFocus: () => {
        setFocusKey(row.key);
      },
      style: { ...placed, paddingInlineStart: `${String(8 + (row.level - 1) * 20)}px` },
    } as const;
    if (row.kind === 'folder') {
      const { folder } = row;
      return (
        <div
          key={row.key}
          {...common}
          aria-expanded={row.open}
          className="folio-listing-row folio-listing-folder"
          onClick={() => {
            setFocusKey(row.key);
            setOpen(folder.path, !row.open);
          }}
        >
          <span className="folio-listing-name">
            {row.open ? <FolderOpenOutlined aria-hidden /> : <FolderOutlined aria-hidden />}
            <span className="folio-listing-text">{folder.name}</span>
          </span>
          <span className="folio-listing-size">
            {folder.count === 1
              ? t('listing.folderItemsOne')
              : t('listing.folderItems', { count: folder.count })}
          </span>
          <span className="folio-listing-date" />
        </div>
      );
    }
    const { entry } = row;
    const name = entryName(entry);
    return (
      <div
        key={row.key}
        {...common}
        className="folio-listing-row folio-listing-file"
        onClick={(event) => {
          // A tap anywhere on the row opens it (phones); the link handles its own.
          if (!entry.opens || (event.target as Element).closest('a')) return;
          void navigate(entryLink(entry));
        }}
      >
        <span className="folio-listing-name">
          <FileOutlined aria-hidden />
          {entry.opens ? (
            <Link className="folio-listing-text" tabIndex={-1} to={entryLink(entry)}>
              {name}
              {entry.encrypted && (
                <span className="folio-listing-tag">{t('listing.encrypted')}</span>
              )}
            </Link>
          ) : (
            <span className="folio-listing-text folio-listing-closed">
              {name}
              <span className="folio-listing-tag">
                {t(entry.encrypted ? 'listing.encrypted' : 'listing.cannotOpen')}
              </span>
            </span>
          )}
        </span>
        <span className="folio-listing-size">{humanSize(entry.size, locale)}</span>
        <span className="folio-listing-date">{shortDate(entry.modified, locale)}</span>
      </div>
    );
  };

  const count = entries.length;
  return (
    <div className="folio-listing-entries">
      <div className="folio-listing-search">
        <input
          type="search"
          className="folio-input folio-listing-searchbox"
          aria-label={t('listing.search')}
          placeholder={t('listing.search')}
          value={query}
          onChange={(event) => dispatch(listingActions.search(event.target.value))}
        />
        <span className="folio-listing-count" role="status">
          {query.trim() === ''
            ? count === 1
              ? t('listing.countOne')
              : t('listing.count', { count })
            : t('listing.matches', { shown: shown.length, count })}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="folio-listing-none">
          {count === 0 ? t('listing.empty') : t('listing.noMatch', { query: query.trim() })}
        </p>
      ) : (
        <>
          <div className="folio-listing-row folio-listing-head" aria-hidden="true">
            <span className="folio-listing-name">{t('listing.name')}</span>
            <span className="folio-listing-size">{t('listing.size')}</span>
            <span className="folio-listing-date">{t('listing.modified')}</span>
          </div>
          <div
            role="tree"
            aria-label={label}
            className="folio-listing-tree"
            ref={treeElement}
            style={
              virtual ? { position: 'relative', height: virtualizer.getTotalSize() } : undefined
            }
          >
            {virtual
              ? virtualizer.getVirtualItems().map((item) => {
                  const row = rows.at(item.index);
                  return (
                    row &&
                    renderRow(row, item.index, {
                      position: 'absolute',
                      insetInline: 0,
                      top: 0,
                      transform: `translateY(${String(item.start - offset)}px)`,
                    })
                  );
                })
              : rows.map((row, index) => renderRow(row, index))}
          </div>
        </>
      )}
    </div>
  );
}
