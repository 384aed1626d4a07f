/**
 * The listing as a tree (docs/decisions/2026-12-06-listing-view.md): folders implied by the
 * entries' "/"-separated paths, each folder's subfolders first, then its entries, each by name in
 * the reader's language's order; the search keeps the entries whose name holds the query (and the
 * folders on their way). The rows a tree widget shows are the tree flattened through the open
 * folders, with what ARIA's flat tree needs (level, position, set size).
 */
import type { ListingEntry } from '../../domain/listing';

export interface Folder {
  /** Its own name ('' for the root). */
  name: string;
  /** Its full path, the key it is opened and closed by ('' for the root). */
  path: string;
  folders: Folder[];
  /** Sorted the first time they are read: a folder never opened is never sorted. */
  readonly entries: readonly ListingEntry[];
  /** Entries in it and below it. */
  count: number;
}

/** An entry's own name: the last segment of its path. */
export function entryName(entry: Pick<ListingEntry, 'path'>): string {
  const at = entry.path.lastIndexOf('/');
  return at < 0 ? entry.path : entry.path.slice(at + 1);
}

interface Building {
  name: string;
  path: string;
  folders: Map<string, Building>;
  entries: ListingEntry[];
}

export function buildTree(entries: readonly ListingEntry[], locale = 'en'): Folder {
  const root: Building = { name: '', path: '', folders: new Map(), entries: [] };
  for (const entry of entries) {
    const segments = entry.path.split('/');
    segments.pop();
    let folder = root;
    for (const segment of segments) {
      let next = folder.folders.get(segment);
      if (!next) {
        const path = folder.path === '' ? segment : `${folder.path}/${segment}`;
        next = { name: segment, path, folders: new Map(), entries: [] };
        folder.folders.set(segment, next);
      }
      folder = next;
    }
    folder.entries.push(entry);
  }
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const done = (building: Building): Folder => {
    const folders = [...building.folders.values()]
      .sort((a, b) => collator.compare(a.name, b.name))
      .map(done);
    const count = building.entries.length + folders.reduce((sum, folder) => sum + folder.count, 0);
    let sorted: ListingEntry[] | undefined;
    return {
      name: building.name,
      path: building.path,
      folders,
      // The tree's first rows wait for no sorting of what is inside closed folders
      // (docs/decisions/2026-12-06-big-listings.md, "The first row").
      get entries() {
        sorted ??= byName(building.entries, collator);
        return sorted;
      },
      count,
    };
  };
  return done(root);
}

/** Entries by name, each name taken once (not once per comparison). */
function byName(entries: readonly ListingEntry[], collator: Intl.Collator): ListingEntry[] {
  return entries
    .map((entry) => ({ entry, name: entryName(entry) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ entry }) => entry);
}

/** The entries whose name holds `query`, ignoring case and surrounding spaces; all for ''. */
export function filterEntries(entries: readonly ListingEntry[], query: string): ListingEntry[] {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '') return [...entries];
  return entries.filter((entry) => entryName(entry).toLocaleLowerCase().includes(wanted));
}

/** One row of the tree widget. */
export type TreeRow =
  | {
      kind: 'folder';
      key: string;
      folder: Folder;
      level: number;
      setSize: number;
      position: number;
      open: boolean;
      parent: string | undefined;
    }
  | {
      kind: 'entry';
      key: string;
      entry: ListingEntry;
      level: number;
      setSize: number;
      position: number;
      parent: string | undefined;
    };

/** Folder keys and entry keys never meet: a folder's is `d:<path>`, an entry's `e:<id or path>`. */
export const folderKey = (folder: Folder) => `d:${folder.path}`;
const entryKey = (entry: ListingEntry) => `e:${entry.id === '' ? entry.path : entry.id}`;

/**
 * The rows shown: the root's children at level 1, each open folder's below it. `isOpen` says
 * which folders are open (all of them while searching, say).
 */
export function visibleRows(root: Folder, isOpen: (folder: Folder) => boolean): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (folder: Folder, level: number, parent: string | undefined) => {
    const setSize = folder.folders.length + folder.entries.length;
    let position = 0;
    for (const child of folder.folders) {
      position += 1;
      const open = isOpen(child);
      const key = folderKey(child);
      rows.push({ kind: 'folder', key, folder: child, level, setSize, position, open, parent });
      if (open) walk(child, level + 1, key);
    }
    for (const entry of folder.entries) {
      position += 1;
      rows.push({ kind: 'entry', key: entryKey(entry), entry, level, setSize, position, parent });
    }
  };
  walk(root, 1, undefined);
  return rows;
}
