/**
 * A remote source's documents as local files (docs/server.md, "Document sources"): each version
 * (the source's ETag, else its Last-Modified and size) is copied whole into
 * `CACHE_DIR/sources/<sha256 of the id>/<sha256 of the version>` once — written to a temporary name
 * and published by rename, so nothing half-downloaded is ever served or kept — then converted,
 * measured and drawn like a DOCS_DIR file. Every request asks the source for the version again,
 * so a file changed at the origin is a new copy with a new content hash: a new conversion and new
 * previews, the old ones no longer named.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Resolved } from './files.ts';
import { SourceError, asSourceError } from './source.ts';
import type { DocumentSource } from './source.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface SourceCopies {
  /** The id's current version as a local file; throws SourceError when the source fails. */
  open: (id: string) => Promise<Resolved>;
}

export function createSourceCopies(
  source: DocumentSource,
  cacheDir: string,
  maxBytes: number,
): SourceCopies {
  /** Copies in progress, by file: concurrent first requests share one download. */
  const copying = new Map<string, Promise<void>>();

  async function copy(id: string, dir: string, file: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    const partial = path.join(dir, `.${randomUUID()}.tmp`);
    try {
      await pipeline(await source.read(id, maxBytes), createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      throw asSourceError(error);
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

  return {
    async open(id) {
      const stated = await source.stat(id);
      if (stated.kind !== 'ok') return stated;
      // Refused on the size the source declares, before a byte is read (read checks it again).
      if (stated.stat.size > maxBytes) {
        throw new SourceError(
          'too_large',
          `${id} is ${String(stated.stat.size)} bytes; the limit is ${String(maxBytes)}`,
        );
      }
      const dir = path.join(cacheDir, 'sources', sha256(id));
      const file = path.join(dir, sha256(stated.stat.version));
      let job = copying.get(file);
      if (job === undefined) {
        job = stat(file).then(
          () => undefined,
          () => copy(id, dir, file),
        );
        copying.set(file, job);
        void job.finally(() => copying.delete(file)).catch(() => undefined);
      }
      await job;
      return { kind: 'ok', doc: { name: id, file, stats: await stat(file) } };
    },
  };
}
