/**
 * A document's bytes (facility/README.md): `content`, its viewable PDF — read from the source by
 * ranges while a copy fills (remote-pdf.ts), 409 while it converts (a workbook shown as a grid
 * too: a host linking `content` gets its PDF, docs/contracts.md) — and `original`, the file as
 * uploaded, when the document and the reader allow its download. A view-only reader gets neither
 * (policy/view-only.ts).
 */
import { shownName } from '../archives/entries.ts';
import type { ViewableOf } from '../conversion/viewable.ts';
import type { DocumentFacts } from '../facts/document-facts.ts';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import { documentAllowsDownload } from '../policy/param.ts';
import { readerMayDownload } from '../policy/reader.ts';
import type { Reader } from '../policy/reader.ts';
import { viewOnlyRefusal } from '../policy/view-only.ts';
import { fileName } from './files.ts';
import type { Lookup } from './lookup.ts';
import type { RemotePdfs } from './remote-pdf.ts';

export interface ContentOptions {
  lookup: Lookup;
  remote: RemotePdfs;
  viewable: ViewableOf;
  facts: DocumentFacts;
}

/** `password`: the reader's, for an encrypted archive or office file (policy/passwords.ts). */
export interface Content {
  /** `GET documents/{id}/content`: the viewable PDF; 403 `view_only` for a view-only reader. */
  content: (id: string, reader?: Reader, password?: string) => Promise<Answer>;
  /**
   * `GET documents/{id}/original`: the file as uploaded, when the document and reader allow it
   * (an encrypted office file: as the reader's password decrypted it).
   */
  original: (id: string, reader?: Reader, password?: string) => Promise<Answer>;
}

export function createContent(options: ContentOptions): Content {
  const { lookup, remote, viewable, facts: documentFacts } = options;
  const { factsOf, progressOf } = documentFacts;

  return {
    async content(id, reader, password) {
      const found = await lookup.findEarly(id, reader, password);
      if ('whole' in found) {
        return remote.content(id, found, (error) => lookup.failed(error, id));
      }
      if (!('doc' in found)) return found;
      if (lookup.viewOnlyFor(found, reader)) return viewOnlyRefusal();
      const view = await viewable(found);
      if (view.kind === 'failed') return view.answer;
      if (view.kind === 'converting') {
        return jsonError(409, 'converting', { loadedCount: 0 }, { 'Retry-After': 1 });
      }
      if (found.simulation !== undefined) {
        const facts = await factsOf(view.file, view.stats);
        if ('kind' in facts) return facts;
        const { pageCount } = facts;
        const progress = progressOf(found, pageCount);
        if (!progress.complete) {
          const retryAfter = Math.ceil(progress.remainingMs / 1000);
          const extra = { loadedCount: progress.loadedCount, pageCount };
          return jsonError(409, 'converting', extra, { 'Retry-After': retryAfter });
        }
      }
      return { kind: 'file', file: view.file };
    },

    // The original is what was uploaded, so it is there even while the viewable PDF converts.
    async original(id, reader, password) {
      const found = await lookup.find(id, password);
      if (!('doc' in found)) return found;
      if (lookup.viewOnlyFor(found, reader)) return viewOnlyRefusal();
      if (!documentAllowsDownload(found.sidecar?.fields) || !readerMayDownload(reader)) {
        return jsonError(403, 'download_not_allowed');
      }
      return { kind: 'file', file: found.doc.file, downloadName: fileName(shownName(found.doc)) };
    },
  };
}
