/**
 * Maps a document id to a file in DOCS_DIR, refusing anything that could leave the folder.
 * An id is a relative path (`contracts/2026/acme.docx`; a flat folder's ids are bare file names).
 * The id is checked as a string first, so a hostile id never reaches the file system; only then is
 * the file looked at, by its real path (symlinks followed, in any segment), which must land inside
 * DOCS_DIR too (docs/server.md, "Document sources").
 */
import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export interface DocumentFile {
  /** The id: a path relative to DOCS_DIR, `/`-separated. */
  name: string;
  /** `<docsDir>/<name>` (may be, or pass through, a symlink to somewhere inside DOCS_DIR). */
  file: string;
  /** Stats of the file itself (after following symlinks). */
  stats: Stats;
  /**
   * An archive's entry (facility/archives/entries.ts): its own file name, which tells its format,
   * title and download name (its id names it by index).
   */
  shownName?: string;
}

export type Resolved =
  { kind: 'ok'; doc: DocumentFile } | { kind: 'bad_id' } | { kind: 'not_found' };

const SIDECAR_SUFFIX = '.json';
/**
 * A whole id, within the viewer's `?doc=` limit (src/url/docId.ts, 512 characters); a segment keeps
 * the usual 255-byte file-name limit.
 */
export const MAX_ID_BYTES = 512;
const MAX_SEGMENT_BYTES = 255;
/**
 * In a segment: `\` (a separator elsewhere), `:` (URL schemes such as `http://…`, Windows drive
 * letters and streams), C0 and C1 control characters, NUL among them.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const BAD_CHARACTER = /[\\:\u0000-\u001f\u007f-\u009f]/;
/** A percent-encoding left in an id the router has decoded once: decoded again it means another. */
const ENCODED = /%[0-9a-f]{2}/i;

/**
 * A usable id is a relative path of plain names: no empty segment (so no leading `/`, no `//`),
 * no segment starting with a dot (`.`, `..` and hidden files, which are not documents), none of
 * {@link BAD_CHARACTER}, no percent-encoding, and within {@link MAX_ID_BYTES}.
 */
export function isSafeId(id: string): boolean {
  if (id === '' || Buffer.byteLength(id) > MAX_ID_BYTES || ENCODED.test(id)) return false;
  return id
    .split('/')
    .every(
      (segment) =>
        segment !== '' &&
        !segment.startsWith('.') &&
        Buffer.byteLength(segment) <= MAX_SEGMENT_BYTES &&
        !BAD_CHARACTER.test(segment),
    );
}

export function sidecarPath(file: string): string {
  return file + SIDECAR_SUFFIX;
}

/** The file's name without the folders of its id (`contracts/2026/acme.docx` → `acme.docx`). */
export function fileName(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

export async function resolveDocument(docsDir: string, id: string): Promise<Resolved> {
  if (!isSafeId(id)) return { kind: 'bad_id' };
  const root = path.resolve(docsDir);
  const file = path.join(root, ...id.split('/'));
  // Belt and braces: after the checks above the join can only be below the root.
  if (!isInside(root, file)) return { kind: 'bad_id' };

  // Served only when its real path (every symlink on the way followed) is inside DOCS_DIR's,
  // compared as real paths so a DOCS_DIR that is itself behind a symlink still works.
  let target: string;
  let realRoot: string;
  try {
    [target, realRoot] = await Promise.all([realpath(file), realpath(root)]);
  } catch {
    return { kind: 'not_found' }; // missing, or a dangling link
  }
  if (!isInside(realRoot, target)) return { kind: 'bad_id' };
  const stats = await statOrNull(target);
  if (stats?.isFile() !== true) return { kind: 'not_found' };

  // `x.pdf.json` beside `x.pdf` is x.pdf's sidecar, not a document of its own.
  if (id.endsWith(SIDECAR_SUFFIX)) {
    const owner = await statOrNull(file.slice(0, -SIDECAR_SUFFIX.length));
    if (owner?.isFile() === true) return { kind: 'not_found' };
  }
  return { kind: 'ok', doc: { name: id, file, stats } };
}
