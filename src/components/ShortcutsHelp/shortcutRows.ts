/**
 * The lines of the keyboard shortcuts help. The doc model's page, zoom and help keys come from
 * the very table its key handler reads (PAGE_SHORTCUTS, ZOOM_SHORTCUTS, HELP_SHORTCUT); the keys
 * of other models' handlers (search, download, print) are listed here with the flag that makes
 * them exist, since a key whose feature is off does nothing (contracts §5b).
 */
import { HELP_SHORTCUT, PAGE_SHORTCUTS, ZOOM_SHORTCUTS } from '../../models/doc/keys/subscriptions';
import type { ShortcutId } from '../../models/doc/keys/subscriptions';
import type { DocParam } from '../../domain/document';

export type RowId =
  ShortcutId | 'search' | 'findNext' | 'findPrevious' | 'download' | 'print' | 'close';

export interface ShortcutRow {
  id: RowId;
  /** Alternatives, each a list of keys pressed together (`['Ctrl/⌘', 'F']`). */
  keys: string[][];
}

/** How a KeyboardEvent.key is printed on a key cap. */
const CAPS: Partial<Record<string, string>> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
  '=': '=',
};

const cap = (key: string) => CAPS[key] ?? key;
const MOD = 'Ctrl/⌘';

export function shortcutRows(
  param: Pick<DocParam, 'showSearch' | 'download' | 'print'>,
): ShortcutRow[] {
  const rows: ShortcutRow[] = [
    ...PAGE_SHORTCUTS.map(({ id, keys }) => ({ id, keys: keys.map((key) => [cap(key)]) })),
    ...ZOOM_SHORTCUTS.map(({ id, keys }) => ({ id, keys: keys.map((key) => [MOD, cap(key)]) })),
  ];
  if (param.showSearch) {
    rows.push(
      { id: 'search', keys: [[MOD, 'F']] },
      { id: 'findNext', keys: [['F3'], [MOD, 'G']] },
      {
        id: 'findPrevious',
        keys: [
          ['Shift', 'F3'],
          [MOD, 'Shift', 'G'],
        ],
      },
    );
  }
  if (param.download) rows.push({ id: 'download', keys: [[MOD, 'S']] });
  if (param.print) rows.push({ id: 'print', keys: [[MOD, 'P']] });
  rows.push(
    { id: 'close', keys: [['Esc']] },
    { id: HELP_SHORTCUT.id, keys: HELP_SHORTCUT.keys.map((key) => [key]) },
  );
  return rows;
}
