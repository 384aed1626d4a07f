import { FileOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
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

/**
 * The entries as an ARIA tree (WAI-ARIA APG "Tree View", flat: `aria-level`, `aria-setsize`,
 * `aria-posinset` on each `treeitem`): one tab stop, the focus moved by the arrows, Home and End;
 * → opens a folder or goes into it, ← closes it or goes to its folder; Enter opens an entry (a link
 * to it as a document: `?doc=<entry id>`) or a folder. Above it a searchbox keeps the entries whose
 * name holds its text, their folders open. An entry Folio cannot show is listed without a link.
 */
export function ListingTree({
  entries,
  label,
}: {
  entries: readonly ListingEntry[];
  label: string;
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
  const current = rows.find((row) => row.key === focusKey) ?? rows.at(0);

  useEffect(() => {
    if (!moved.current || current === undefined) return;
    moved.current = false;
    items.current.get(current.key)?.focus();
  }, [current]);

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
          <div role="tree" aria-label={label} className="folio-listing-tree">
            {rows.map((row, index) => {
              const focused = row.key === current?.key;
              const common = {
                role: 'treeitem',
                'aria-level': row.level,
                'aria-setsize': row.setSize,
                'aria-posinset': row.position,
                tabIndex: focused ? 0 : -1,
                ref: (element: HTMLElement | null) => {
                  if (element) items.current.set(row.key, element);
                  else items.current.delete(row.key);
                },
                onKeyDown: (event: KeyboardEvent) => {
                  onKeyDown(event, row, index);
                },
                onFocus: () => {
                  setFocusKey(row.key);
                },
                style: { paddingInlineStart: `${String(8 + (row.level - 1) * 20)}px` },
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
                      {row.open ? (
                        <FolderOpenOutlined aria-hidden />
                      ) : (
                        <FolderOutlined aria-hidden />
                      )}
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
            })}
          </div>
        </>
      )}
    </div>
  );
}
