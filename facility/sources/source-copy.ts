/**
 * A remote source's documents as local files (docs/server.md, "Document sources"): each version
 * (the source's ETag, else its Last-Modified and size) is copied whole into
 * `CACHE_DIR/sources/<sha256 of the id>/<sha256 of the version><the id's extension>` once — written to a temporary name
 * and published by rename only if the source still names that version afterwards, so nothing
 * half-downloaded or mixed is ever served or kept — then converted, measured and drawn like a
 * DOCS_DIR file. Every request asks the source for the version again, so a file changed at the
 * origin is a new copy with a new content hash: a new conversion and new previews, the old ones no
 * longer named. A PDF at a source that answers ranges need not wait for its copy (`openEarly`,
 * remote-pdf.ts). */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Resolved } from './files.ts';
import { GrowingCopy } from './growing-copy.ts';
import { SourceError, asSourceError } from './source.ts';
import type { DocumentSource, SourceStat } from './source.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The id's extension, kept on its copy: the conversion reads a file's kind from its name as it
 * does a folder's (a `.md` drawn as Markdown, a `.csv` as a table), and a sheet's grid is keyed
 * by it. Only a short plain one; anything else is left off.
 */
function copyExtension(id: string): string {
  const ext = path.extname(id);
  return /^\.[A-Za-z0-9]{1,12}$/.test(ext) ? ext : '';
}

/** A version whose copy is not whole yet, at a source that answers ranges itself. */
export interface Filling {
  kind: 'filling';
  stat: SourceStat;
  /** The copy, once whole (rejects with SourceError when the fill fails). */
  whole: Promise<Resolved>;
  /** The copy as it is written. */
  growing: GrowingCopy;
  /**
   * Starts the fill, if it has not started: once the facts are read, when its bytes are waited
   * for, or FILL_START_MS after it was asked for, whichever is first.
   */
  start: () => void;
}

/**
 * A fill waits this long at most for the facts read by ranges: read at the source's full speed,
 * the copy would take the machine from the first answer (an origin on the same network sends
 * 19 MB within that answer's time; docs/decisions/2026-11-29-sparse-ranges.md).
 */
const FILL_START_MS = 3000;

export interface SourceCopies {
  /** The id's current version as a local file; throws SourceError when the source fails. */
  open: (id: string) => Promise<Resolved>;
  /**
   * The same, except that a version whose copy is not whole yet, at a source that answers ranges,
   * is answered at once as {@link Filling} while the copy fills in the background.
   */
  openEarly: (id: string) => Promise<Resolved | Filling>;
}

export function createSourceCopies(
  source: DocumentSource,
  cacheDir: string,
  maxBytes: number,
  log?: (event: Record<string, unknown>) => void,
): SourceCopies {
  /** Copies in progress, by file: one fill per version, whoever asks. */
  const copying = new Map<
    string,
    { job: Promise<void>; growing: GrowingCopy; start: () => void }
  >();

  async function copy(id: string, version: string, growing: GrowingCopy): Promise<void> {
    const { partial, file } = growing;
    const dir = path.dirname(file);
    try {
      await mkdir(dir, { recursive: true });
      const handle = await open(partial, 'wx');
      try {
        await pipeline(await source.read(id, maxBytes, version), growing.sink(handle));
      } finally {
        await handle.close();
      }
      // The bytes are this version's only if the source still names it: a file changed while it
      // was read may have sent a mix, so the partial file is dropped, never published.
      const after = await source.stat(id);
      if (after.kind !== 'ok' || after.stat.version !== version) {
        throw new SourceError('source_unavailable', `${id} changed while it was read`);
      }
      await rename(partial, file);
      growing.end();
    } catch (error) {
      const failed = asSourceError(error);
      growing.end(failed);
      throw failed;
    } finally {
      await rm(partial, { force: true });
    }
    // Older versions of this id are no longer named by anything.
    for (const name of await readdir(dir)) {
      if (!name.startsWith('.') && path.join(dir, name) !== file) {
        await rm(path.join(dir, name), { force: true });
      }
    }
  }

  /** The version's copy: there already, or its fill (`growing`), shared by every caller. */
  async function fill(
    id: string,
    stated: SourceStat,
  ): Promise<{ whole: Promise<Resolved>; growing?: GrowingCopy; start: () => void }> {
    // Refused on the size the source declares, before a byte is read (read checks it again).
    if (stated.size > maxBytes) {
      throw new SourceError(
        'too_large',
        `${id} is ${String(stated.size)} bytes; the limit is ${String(maxBytes)}`,
      );
    }
    const dir = path.join(cacheDir, 'sources', sha256(id));
    const file = path.join(dir, sha256(stated.version) + copyExtension(id));
    const resolved = async (): Promise<Resolved> => ({
      kind: 'ok',
      doc: { name: id, file, stats: await stat(file) },
    });
    let fill = copying.get(file);
    if (fill === undefined) {
      const there = await stat(file).then(
        () => true,
        () => false,
      );
      if (there) return { whole: resolved(), start: () => undefined };
      fill = copying.get(file);
      if (fill === undefined) {
        const growing = new GrowingCopy(path.join(dir, `.${randomUUID()}.tmp`), file);
        let start: () => void = () => undefined;
        const started = new Promise<void>((resolve) => {
          start = resolve;
        });
        setTimeout(start, FILL_START_MS).unref();
        const job = started.then(() => copy(id, stated.version, growing));
        fill = { job, growing, start };
        copying.set(file, fill);
        void job
          .finally(() => copying.delete(file))
          .catch((error: unknown) => {
            const { code, message } = asSourceError(error);
            log?.({ event: 'source_fill_failed', file: id, error: code, message });
          });
      }
    }
    return { whole: fill.job.then(resolved), growing: fill.growing, start: fill.start };
  }

  return {
    async open(id) {
      const stated = await source.stat(id);
      if (stated.kind !== 'ok') return stated;
      const { whole, start } = await fill(id, stated.stat);
      start();
      return whole;
    },
    async openEarly(id) {
      const stated = await source.stat(id);
      if (stated.kind !== 'ok') return stated;
      const { whole, growing, start } = await fill(id, stated.stat);
      if (growing === undefined || stated.stat.ranges !== true) {
        start();
        return whole;
      }
      // The reader may go before the copy is whole: the fill's failure is logged, not thrown.
      whole.catch(() => undefined);
      return { kind: 'filling', stat: stated.stat, whole, growing, start };
    },
  };
}
