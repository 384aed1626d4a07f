/**
 * Archives and e-mails as documents (docs/server.md, "Archives and e-mail"): a found document's
 * listing, read from the archive's own directory and kept per file version (64 MB of them); and an entry id's
 * document, its one entry extracted — nothing else of the archive — into CACHE_DIR under the
 * archive's content hash and the entry's index (`entries/<sha256>-<index><ext>`), its extension
 * the one of the formats' table its name ends with, never its name: an entry's name never reaches
 * the file system. The entry then goes the way of any document (conversion, facts, page images),
 * under the archive's policy.
 */
import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { extensionOf, formatOf } from '../conversion/formats.ts';
import type { Format } from '../conversion/format.ts';
import { jsonError } from '../http/answer.ts';
import type { Answer } from '../http/answer.ts';
import type { Found } from '../sources/lookup.ts';
import type { DocumentFile } from '../sources/files.ts';
import { passwordKey, passwordPart } from '../policy/passwords.ts';
import { parseEntryId } from './entry-id.ts';
import { ARCHIVE_FAILURE_STATUS, ArchiveError, DEFAULT_ARCHIVE_LIMITS } from './listing.ts';
import type { ArchiveLimits, Listing } from './listing.ts';

/** Listings kept in memory, by their approximate size. */
const LISTINGS_KEPT_BYTES = 64 * 1024 * 1024;

/** About what a listing holds in memory: its entries' paths and an e-mail's bodies. */
function listingBytes(listed: Listing): number {
  const entries = listed.entries.reduce((sum, entry) => sum + 96 + entry.path.length * 2, 0);
  const { message } = listed;
  const bodies = message ? ((message.html?.length ?? 0) + (message.text?.length ?? 0)) * 2 : 0;
  return Math.max(1, entries + bodies);
}

export interface Archives {
  /**
   * The listing of a document whose format is a listing one; throws {@link ArchiveError}.
   * `password`: the reader's, used only when the listing is encrypted (a 7z's `-mhe`).
   */
  listing: (doc: DocumentFile, password?: string) => Promise<Listing>;
  /**
   * An entry id's document, with its archive's policy; undefined when `id` is not an entry id.
   * `find` finds the outermost archive as any document is found; `password` opens the encrypted
   * levels on the way.
   */
  open: (
    id: string,
    find: (id: string) => Promise<Found | Answer>,
    password?: string,
  ) => Promise<Found | Answer | undefined>;
}

/** The name a document's format is known by: an entry's own name, else its id. */
export function shownName(doc: DocumentFile): string {
  return doc.shownName ?? doc.name;
}

export function formatOfDocument(doc: DocumentFile): Format | undefined {
  return formatOf(shownName(doc));
}

export function archiveAnswer(error: unknown, id: string): Answer {
  if (!(error instanceof ArchiveError)) throw error;
  return jsonError(ARCHIVE_FAILURE_STATUS[error.code], error.code, {
    message: `${id}: ${error.message}`,
  });
}

export function createArchives(options: {
  cacheDir: string;
  contentHash: (file: string, stats: Stats) => Promise<string>;
  limits?: Partial<ArchiveLimits>;
  log?: (event: Record<string, unknown>) => void;
}): Archives {
  const { cacheDir, contentHash, log } = options;
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  // Kept by their size: an e-mail's listing carries its bodies and inline images.
  const listings = new LRUCache<string, Listing>({
    maxSize: LISTINGS_KEPT_BYTES,
    sizeCalculation: listingBytes,
  });
  const reading = new Map<string, Promise<Listing>>();
  const extracting = new Map<string, Promise<void>>();

  /**
   * The listing without a password; an encrypted one (password_required) with the reader's, kept
   * under a key of that password (passwords.ts), so another reader's request never finds it.
   */
  async function listing(doc: DocumentFile, password?: string): Promise<Listing> {
    try {
      return await listingWith(doc, undefined);
    } catch (error) {
      if (password === undefined || !(error instanceof ArchiveError)) throw error;
      if (error.code !== 'password_required') throw error;
      return listingWith(doc, password);
    }
  }

  function listingWith(doc: DocumentFile, password: string | undefined): Promise<Listing> {
    const format = formatOfDocument(doc);
    if (format?.view !== 'listing') {
      return Promise.reject(new ArchiveError('unsupported', 'it is not an archive or an e-mail'));
    }
    const version = `${doc.file}\0${String(doc.stats.mtimeMs)}\0${String(doc.stats.size)}`;
    const key = password === undefined ? version : `${version}\0${passwordKey(version, password)}`;
    const kept = listings.get(key);
    if (kept) return Promise.resolve(kept);
    let listed = reading.get(key);
    if (!listed) {
      const startedAt = Date.now();
      listed = format.lister.list(doc.file, limits, shownName(doc), password);
      reading.set(key, listed);
      listed.then(
        (done) => {
          reading.delete(key);
          listings.set(key, done);
          log?.({
            event: 'listed',
            file: doc.name,
            entries: done.entries.length,
            ms: Date.now() - startedAt,
          });
        },
        (error: unknown) => {
          // A refusal is not kept: the caps may be raised, or the file was being written.
          reading.delete(key);
          log?.({
            event: 'refused',
            file: doc.name,
            error: error instanceof ArchiveError ? error.code : 'error',
          });
        },
      );
    }
    return listed;
  }

  /** Entry `index` of `parent` extracted (once) into CACHE_DIR; its document named `id`. */
  async function entryOf(
    parent: Found,
    index: number,
    id: string,
    password: string | undefined,
  ): Promise<Found> {
    const format = formatOfDocument(parent.doc);
    if (format?.view !== 'listing')
      throw new ArchiveError('unsupported', 'it is not an archive or an e-mail');
    const { entries } = await listing(parent.doc, password);
    // Usually at its index; an e-mail lists only some of its parts.
    const entry =
      entries.at(index - 1)?.index === index
        ? entries.at(index - 1)
        : entries.find((candidate) => candidate.index === index);
    if (entry === undefined)
      throw new ArchiveError('bad_archive', `it has no entry ${String(index)}`);
    if (entry.type !== 'file') {
      throw new ArchiveError(
        'unsupported',
        `entry ${String(index)} is a ${entry.type}, not a file; it is never extracted`,
      );
    }
    const name = path.posix.basename(entry.path) || `entry-${String(index)}`;
    const hash = await contentHash(parent.doc.file, parent.doc.stats);
    const folder = path.join(cacheDir, 'entries');
    // An encrypted entry's bytes are found only by a request with the password that opened them.
    const unlockedBy =
      entry.encrypted === true && password !== undefined ? passwordPart(hash, password) : '';
    const file = path.join(
      folder,
      `${hash}-${String(index)}${unlockedBy}${extensionOf(name) ?? ''}`,
    );
    let stats = await stat(file).catch(() => null);
    if (stats === null) {
      let job = extracting.get(file);
      if (!job) {
        job = (async () => {
          await mkdir(folder, { recursive: true });
          const partial = path.join(folder, `.${randomUUID()}.tmp`);
          try {
            await format.lister.extract(
              parent.doc.file,
              entry,
              partial,
              limits,
              entry.encrypted === true ? password : undefined,
            );
            await rename(partial, file);
          } finally {
            await rm(partial, { force: true });
          }
        })();
        extracting.set(file, job);
        void job.then(
          () => extracting.delete(file),
          () => extracting.delete(file),
        );
      }
      await job;
      stats = await stat(file);
    }
    return { doc: { name: id, file, stats, shownName: name }, sidecar: parent.sidecar };
  }

  return {
    listing,
    async open(id, find, password) {
      const parsed = parseEntryId(id);
      if (parsed === undefined) return undefined;
      if (parsed.indices.length > limits.maxDepth) {
        return jsonError(413, 'too_large', {
          message: `${id}: it is ${String(parsed.indices.length)} archives deep; the cap on nesting depth is ${String(limits.maxDepth)}`,
        });
      }
      let found = await find(parsed.archive);
      let at = parsed.archive;
      for (const index of parsed.indices) {
        if (!('doc' in found)) return found;
        at = `${at}!${String(index)}`;
        try {
          found = await entryOf(found, index, at, password);
        } catch (error) {
          return archiveAnswer(error, at);
        }
      }
      return found;
    },
  };
}
