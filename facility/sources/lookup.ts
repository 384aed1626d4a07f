/**
 * An id as the document it names, the first step of every request (docs/server.md, "Document
 * sources"): the source's file — a folder's read in place, any other source's copied whole into
 * CACHE_DIR first (source-copy.ts) — with its sidecar under the folder default
 * (policy/sidecar.ts), within the size limit; or the answer that says why not.
 */
import path from 'node:path';
import type { Archives } from '../archives/entries.ts';
import type { OfficeUnlock } from '../conversion/office-password.ts';
import { parseEntryId } from '../archives/entry-id.ts';
import { servedAsIs } from '../conversion/formats.ts';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import type { Reader } from '../policy/reader.ts';
import { FOLDER_DEFAULT, readSidecar, withFolderDefault } from '../policy/sidecar.ts';
import type { Sidecar, SidecarResult } from '../policy/sidecar.ts';
import { isViewOnly } from '../policy/view-only.ts';
import type { ViewOnlyMode } from '../policy/view-only.ts';
import { sidecarPath } from './files.ts';
import type { DocumentFile, Resolved } from './files.ts';
import { createSourceCopies } from './source-copy.ts';
import type { Filling } from './source-copy.ts';
import { SOURCE_FAILURE_STATUS, SOURCE_RETRY_AFTER_S, asSourceError } from './source.ts';
import type { DocumentSource } from './source.ts';

/** A document found: its file and the policy its sidecar and the folder default give it. */
export interface Found {
  doc: DocumentFile;
  sidecar: Sidecar | null;
  /** Names the simulated conversion (file and sidecar version); undefined when none is simulated. */
  simulation?: string;
}

export interface LookupOptions {
  /** The folder whose `.folio.json` is the folder default (a folder source's documents). */
  docsDir: string;
  source: DocumentSource;
  /** Where a remote source's copies are kept. */
  cacheDir: string;
  /** Documents larger than this answer 413. */
  maxBytes: number;
  /** Honour the sidecars' `convertMs` (dev only). */
  simulate: boolean;
  /** The server's view-only mode (policy/view-only.ts). */
  viewOnly: ViewOnlyMode;
  /** Entry ids (`a.zip!3`) as documents of their own (archives/entries.ts). */
  archives?: Archives;
  /** An encrypted office file as its decrypted copy (conversion/office-password.ts). */
  unlock?: OfficeUnlock;
  log?: (event: Record<string, unknown>) => void;
}

/**
 * `password` everywhere: the reader's, for an encrypted archive or office file
 * (policy/passwords.ts); what it opens is found only with it.
 */
export interface Lookup {
  /** The id's document with its sidecar and the folder default, or the error answer. */
  find: (id: string, password?: string) => Promise<Found | Answer>;
  /**
   * The same, or a source's PDF whose copy is still filling, when this reader may be sent its
   * bytes (not page images only): remote-pdf.ts reads it by ranges meanwhile.
   */
  findEarly: (id: string, reader?: Reader, password?: string) => Promise<Found | Answer | Filling>;
  /** A filling copy's document once it is whole, or the error answer. */
  whole: (id: string, filling: Filling) => Promise<Found | Answer>;
  /**
   * A source's failure as the reader's answer: its status and code, a message naming no origin
   * or credential (the log has the detail), `Retry-After` when the origin was down.
   */
  failed: (error: unknown, id: string) => Answer;
  /** Whether this reader gets the document as page images only (policy/view-only.ts). */
  viewOnlyFor: (found: Found, reader: Reader | undefined) => boolean;
}

const NO_SIDECAR: SidecarResult = { kind: 'none' };

export function createLookup(options: LookupOptions): Lookup {
  const { docsDir, source, maxBytes, simulate, viewOnly, archives, unlock, log } = options;
  const copies = createSourceCopies(source, options.cacheDir, maxBytes, log);

  function failed(caught: unknown, id: string): Answer {
    const error = asSourceError(caught);
    log?.({
      event: 'source_failed',
      file: id,
      source: source.kind,
      error: error.code,
      message: error.message,
    });
    const retry =
      error.code === 'source_unavailable' ? { 'Retry-After': SOURCE_RETRY_AFTER_S } : undefined;
    return jsonError(
      SOURCE_FAILURE_STATUS[error.code],
      error.code,
      { message: error.message },
      retry,
    );
  }

  /** The resolved document with its sidecar and the folder default, or the error answer. */
  async function foundOf(resolved: Resolved): Promise<Found | Answer> {
    if (resolved.kind === 'bad_id') return jsonError(400, 'bad_id');
    if (resolved.kind === 'not_found') return jsonError(404, 'not_found');
    const { doc } = resolved;
    // Sidecars and the folder default live beside a folder's files; other sources have none.
    const [own, folder] = source.local
      ? await Promise.all([
          readSidecar(sidecarPath(doc.file)),
          readSidecar(path.join(docsDir, FOLDER_DEFAULT)),
        ])
      : [NO_SIDECAR, NO_SIDECAR];
    if (own.kind === 'invalid') {
      return jsonError(500, 'bad_sidecar', { message: `${doc.name}.json: ${own.message}` });
    }
    if (folder.kind === 'invalid') {
      return jsonError(500, 'bad_sidecar', { message: `${FOLDER_DEFAULT}: ${folder.message}` });
    }
    if (doc.stats.size > maxBytes) {
      log?.({ event: 'refused', file: doc.name, error: 'too_large' });
      return jsonError(413, 'too_large', {
        message: `${doc.name} is ${String(doc.stats.size)} bytes; the limit is ${String(maxBytes)}`,
      });
    }
    const ownSidecar = own.kind === 'ok' ? own.sidecar : null;
    const sidecar = withFolderDefault(ownSidecar, folder.kind === 'ok' ? folder.sidecar : null);
    const found: Found = { doc, sidecar };
    if (simulate && ownSidecar?.convertMs !== undefined) {
      found.simulation = `${doc.file}\0${String(ownSidecar.mtimeMs)}`;
    }
    return found;
  }

  async function findInSource(id: string): Promise<Found | Answer> {
    try {
      return await foundOf(source.local ? await source.local(id) : await copies.open(id));
    } catch (error) {
      return failed(error, id);
    }
  }

  /**
   * An archive's entry by extracting it (archives/entries.ts), any other id from the source; an
   * encrypted office file as its decrypted copy, or the answer asking for the password.
   */
  async function find(id: string, password?: string): Promise<Found | Answer> {
    const found = (await archives?.open(id, findInSource, password)) ?? (await findInSource(id));
    return unlock && 'doc' in found ? unlock(found, password) : found;
  }

  return {
    find,
    failed,

    async findEarly(id, reader, password) {
      const early =
        !source.local &&
        parseEntryId(id) === undefined &&
        servedAsIs(id) &&
        !isViewOnly(viewOnly, undefined, undefined, reader);
      if (!early) return find(id, password);
      try {
        const opened = await copies.openEarly(id);
        return opened.kind === 'filling' ? opened : await foundOf(opened);
      } catch (error) {
        return failed(error, id);
      }
    },

    async whole(id, filling) {
      filling.start();
      try {
        return await foundOf(await filling.whole);
      } catch (error) {
        return failed(error, id);
      }
    },

    viewOnlyFor: ({ sidecar }, reader) =>
      isViewOnly(viewOnly, sidecar?.viewOnly, sidecar?.fields, reader),
  };
}
