/**
 * A remote source's documents as local files (docs/server.md, "Document sources"): each version
 * (the source's ETag, else its Last-Modified and size) is copied whole into
 * `CACHE_DIR/sources/<sha256 of the id>/<sha256 of the version><the id's extension>` once — written to a temporary name
 * and published by rename only if the source still names that version afterwards, so nothing
 * half-downloaded or mixed is ever served or kept — then converted, measured and drawn like a
 * DOCS_DIR file. Every request asks the source for the version again, so a file changed at the
 * origin is a new copy with a new content hash: a new conversion and new previews, the old ones no
 * longer named. A source that names no version is fetched whole on every open and its copy named
 * by its bytes' sha256 instead (docs/decisions/2026-12-06-versions-without-validators.md). A PDF
 * at a source that answers ranges need not wait for its copy (`openEarly`, remote-pdf.ts). */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Resolved } from './files.ts';
import { GrowingCopy } from './growing-copy.ts';
import { SourceError, asSourceError, isRanged } from './source.ts';
import type { DocumentSource, RangedStat, SourceStat } from './source.ts';

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
  stat: RangedStat;
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

/** A version the source names (an ETag, a modification time). */
type Named = SourceStat & { version: string };

const isThere = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

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
  /** Fetches of a version the source does not name, by id: opens meanwhile share one. */
  const checking = new Map<string, Promise<Resolved>>();

  const dirOf = (id: string) => path.join(cacheDir, 'sources', sha256(id));
  const copyOf = (id: string, version: string) =>
    path.join(dirOf(id), sha256(version) + copyExtension(id));
  const resolved = async (id: string, file: string): Promise<Resolved> => ({
    kind: 'ok',
    doc: { name: id, file, stats: await stat(file) },
  });

  /** Refused on the size the source declares, before a byte is read (read checks it again). */
  function refuseLarger(id: string, size: number | undefined): void {
    if (size !== undefined && size > maxBytes) {
      throw new SourceError(
        'too_large',
        `${id} is ${String(size)} bytes; the limit is ${String(maxBytes)}`,
      );
    }
  }

  /** Older versions of the id whose copy `file` is are no longer named by anything. */
  async function dropOthers(file: string): Promise<void> {
    const dir = path.dirname(file);
    for (const name of await readdir(dir)) {
      if (!name.startsWith('.') && path.join(dir, name) !== file) {
        await rm(path.join(dir, name), { force: true });
      }
    }
  }

  async function copy(id: string, version: string, growing: GrowingCopy): Promise<void> {
    const { partial, file } = growing;
    try {
      await mkdir(path.dirname(file), { recursive: true });
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
      // Gone before anyone is told: once the failure is answered nothing of it is left.
      await rm(partial, { force: true });
      growing.end(failed);
      throw failed;
    }
    await dropOthers(file);
  }

  /** The version's copy: there already, or its fill (`growing`), shared by every caller. */
  async function fill(
    id: string,
    stated: Named,
  ): Promise<{ whole: Promise<Resolved>; growing?: GrowingCopy; start: () => void }> {
    refuseLarger(id, stated.size);
    const file = copyOf(id, stated.version);
    let fill = copying.get(file);
    if (fill === undefined) {
      if (await isThere(file)) return { whole: resolved(id, file), start: () => undefined };
      fill = copying.get(file);
      if (fill === undefined) {
        const growing = new GrowingCopy(path.join(dirOf(id), `.${randomUUID()}.tmp`), file);
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
    return {
      whole: fill.job.then(() => resolved(id, file)),
      growing: fill.growing,
      start: fill.start,
    };
  }

  /**
   * A version the source does not name (an origin with neither ETag nor Last-Modified): nothing
   * but the bytes tells a changed file (a redaction at the same size) from the copy, so the file
   * is fetched whole and its copy named by their sha256. The copy already there under that name is
   * kept as it is (same bytes, same file, same validators), any other dropped.
   */
  async function fetchByContent(id: string, size: number | undefined): Promise<Resolved> {
    refuseLarger(id, size);
    const dir = dirOf(id);
    const partial = path.join(dir, `.${randomUUID()}.tmp`);
    const hash = createHash('sha256');
    let file: string;
    try {
      await mkdir(dir, { recursive: true });
      await pipeline(
        await source.read(id, maxBytes),
        async function* hashed(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(partial, { flags: 'wx' }),
      );
      file = copyOf(id, `sha256:${hash.digest('hex')}`);
      if (!(await isThere(file))) await rename(partial, file);
    } catch (error) {
      throw asSourceError(error);
    } finally {
      await rm(partial, { force: true });
    }
    await dropOthers(file);
    return resolved(id, file);
  }

  /** Checked on every open; an open while a fetch is on its way shares that fetch. */
  function byContent(id: string, size: number | undefined): Promise<Resolved> {
    let check = checking.get(id);
    if (check === undefined) {
      check = fetchByContent(id, size).finally(() => checking.delete(id));
      checking.set(id, check);
    }
    return check;
  }

  /** The copy of the version `stat` names (or of the bytes, when it names none), once whole. */
  async function whole(id: string, stated: SourceStat): Promise<Resolved> {
    const { version } = stated;
    if (version === undefined) return byContent(id, stated.size);
    const filled = await fill(id, { ...stated, version });
    filled.start();
    return filled.whole;
  }

  return {
    async open(id) {
      const stated = await source.stat(id);
      return stated.kind === 'ok' ? whole(id, stated.stat) : stated;
    },
    async openEarly(id) {
      const stated = await source.stat(id);
      if (stated.kind !== 'ok') return stated;
      // Read by ranges only with a size and a version every range can name (source.ts).
      if (!isRanged(stated.stat)) return whole(id, stated.stat);
      const { whole: copied, growing, start } = await fill(id, stated.stat);
      if (growing === undefined) {
        start();
        return copied;
      }
      // The reader may go before the copy is whole: the fill's failure is logged, not thrown.
      copied.catch(() => undefined);
      return { kind: 'filling', stat: stated.stat, whole: copied, growing, start };
    },
  };
}
