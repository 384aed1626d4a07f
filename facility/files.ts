/**
 * Maps a document id to a file in DOCS_DIR, refusing anything that could leave the folder.
 * The id is checked as a string first, so a hostile id never reaches the file system; only then is
 * the file looked at (lstat, and realpath for symlinks, which must land inside DOCS_DIR too).
 */
import type { Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export interface DocumentFile {
  /** The id, which is the file name. */
  name: string;
  /** `<docsDir>/<name>` (may be a symlink to a file inside DOCS_DIR). */
  file: string;
  /** Stats of the file itself (after following a symlink). */
  stats: Stats;
}

export type Resolved =
  { kind: 'ok'; doc: DocumentFile } | { kind: 'bad_id' } | { kind: 'not_found' };

const SIDECAR_SUFFIX = '.json';

/**
 * A usable id is a plain file name: no separators (`/`, `\`), no `:` (URL schemes such as
 * `http://…`, Windows drive letters and streams), no NUL or other control characters, not `.`/`..`
 * and no leading dot (hidden files are not documents). 255 bytes is the usual file-name limit.
 */
export function isSafeId(id: string): boolean {
  if (id === '' || Buffer.byteLength(id) > 255) return false;
  if (id.startsWith('.')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return !/[/\\:\u0000-\u001f\u007f]/.test(id);
}

export function sidecarPath(file: string): string {
  return file + SIDECAR_SUFFIX;
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function statOrNull(file: string, follow: boolean): Promise<Stats | null> {
  try {
    return follow ? await stat(file) : await lstat(file);
  } catch {
    return null;
  }
}

export async function resolveDocument(docsDir: string, id: string): Promise<Resolved> {
  if (!isSafeId(id)) return { kind: 'bad_id' };
  const root = path.resolve(docsDir);
  const file = path.join(root, id);
  // Belt and braces: after the checks above the join can only be a direct child of the root.
  if (path.dirname(file) !== root) return { kind: 'bad_id' };

  const own = await statOrNull(file, false);
  if (own === null) return { kind: 'not_found' };
  if (own.isSymbolicLink()) {
    // A link is served only when its target is a file inside DOCS_DIR (compared as real paths, so
    // a DOCS_DIR that is itself behind a symlink still works).
    let target: string;
    let realRoot: string;
    try {
      [target, realRoot] = await Promise.all([realpath(file), realpath(root)]);
    } catch {
      return { kind: 'not_found' }; // dangling link
    }
    if (!isInside(realRoot, target)) return { kind: 'bad_id' };
  }
  const stats = own.isSymbolicLink() ? await statOrNull(file, true) : own;
  if (stats?.isFile() !== true) return { kind: 'not_found' };

  // `x.pdf.json` beside `x.pdf` is x.pdf's sidecar, not a document of its own.
  if (id.endsWith(SIDECAR_SUFFIX)) {
    const owner = await statOrNull(file.slice(0, -SIDECAR_SUFFIX.length), true);
    if (owner?.isFile() === true) return { kind: 'not_found' };
  }
  return { kind: 'ok', doc: { name: id, file, stats } };
}
