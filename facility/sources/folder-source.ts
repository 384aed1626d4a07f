/**
 * DOCS_DIR as a document source: ids are relative paths resolved only inside the folder
 * (files.ts), read in place.
 */
import { constants, createReadStream } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { resolveDocument } from './files.ts';
import { SourceError } from './source.ts';
import type { DocumentSource } from './source.ts';

export function createFolderSource(docsDir: string): DocumentSource {
  async function fileOf(id: string): Promise<string> {
    const resolved = await resolveDocument(docsDir, id);
    if (resolved.kind !== 'ok') throw new SourceError('not_found', `${id} is not in DOCS_DIR`);
    return resolved.doc.file;
  }

  return {
    kind: 'folder',
    local: (id) => resolveDocument(docsDir, id),
    async probe() {
      // The folder is still there and readable (a volume unmounted under a running server).
      try {
        await access(docsDir, constants.R_OK | constants.X_OK);
      } catch {
        throw new SourceError('source_unavailable', 'DOCS_DIR cannot be read');
      }
    },
    async stat(id) {
      const resolved = await resolveDocument(docsDir, id);
      if (resolved.kind !== 'ok') return resolved;
      const { size, mtimeMs } = resolved.doc.stats;
      return { kind: 'ok', stat: { size, version: `${String(mtimeMs)}-${String(size)}` } };
    },
    async readRange(id, start, end) {
      const handle = await open(await fileOf(id), 'r');
      try {
        const buffer = Buffer.alloc(end - start + 1);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async read(id, maxBytes) {
      const file = await fileOf(id);
      const { size } = await stat(file);
      if (size > maxBytes) throw new SourceError('too_large', `${id} is over the size limit`);
      return createReadStream(file);
    },
  };
}
