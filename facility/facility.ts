/**
 * The preview facility of contracts §3 over a folder, framework-neutral: ids resolve to files in
 * DOCS_DIR (sources/files.ts), sidecars and the folder default add policy (policy/sidecar.ts),
 * office files and images become PDFs (conversion/convert.ts), pdf.js measures the PDF
 * (facts/pdf-facts.ts) and draws its first pages' previews (previews/previews.ts) — all parse
 * untrusted bytes in the one bounded pool (pool/pool.ts). Each call returns an {@link Answer}; the
 * route handlers (server/routes/documents.ts) only write it.
 */
import type { Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mime from 'mime-types';
import { jsonError } from './http/answer.ts';
import type { Answer } from './http/answer.ts';
import { createConverter, createHasher } from './conversion/convert.ts';
import type { Converter, FailureCode, Spawner } from './conversion/convert.ts';
import { sidecarPath } from './sources/files.ts';
import type { Resolved } from './sources/files.ts';
import { sourceKind, startsAsPdf } from './conversion/formats.ts';
import { createSourceCopies } from './sources/source-copy.ts';
import type { Filling } from './sources/source-copy.ts';
import { createRemotePdfs } from './sources/remote-pdf.ts';
import { SOURCE_FAILURE_STATUS, SOURCE_RETRY_AFTER_S, asSourceError } from './sources/source.ts';
import type { SourceError } from './sources/source.ts';
import { createFolderSource } from './sources/folder-source.ts';
import type { DocumentSource } from './sources/source.ts';
import { createQueueConverter } from './queue/queue.ts';
import type { ConversionResults } from './queue/s3-results.ts';
import type { DocumentFile } from './sources/files.ts';
import { createPdfFacts } from './facts/pdf-facts.ts';
import type { CacheOutcome } from './facts/pdf-facts.ts';
import type { PdfFacts } from './facts/pdf-facts-types.ts';
import { PoolBusyError, createPool } from './pool/pool.ts';
import {
  createPreviews,
  firstPageDrawn,
  previewRequest,
  previewsField,
} from './previews/previews.ts';
import {
  commentsShown,
  documentAllowsDownload,
  gridLinePrinted,
  searchAllowed,
} from './policy/param.ts';
import { PAGE_WIDTHS, isViewOnly, openedMinute, pageWatermark } from './policy/view-only.ts';
import { viewOnlyField, watermarkKey } from './policy/view-only.ts';
import type { ViewOnlyMode } from './policy/view-only.ts';
import type { PreviewOutcome } from './previews/previews.ts';
import type { Pool, PoolOptions } from './pool/pool.ts';
import { forReader, readerMayDownload } from './policy/reader.ts';
import type { Reader } from './policy/reader.ts';
import { FOLDER_DEFAULT, readSidecar, withFolderDefault } from './policy/sidecar.ts';
import type { Sidecar, SidecarResult } from './policy/sidecar.ts';
import { conversionProgress, conversionStart } from './policy/simulation.ts';
import type { Progress } from './policy/simulation.ts';

export interface FacilityOptions {
  /** An existing folder (resolved by the caller): the documents, unless `source` names others. */
  docsDir: string;
  /** Where documents live (sources/source.ts); default: `docsDir` (sources/folder-source.ts). */
  source?: DocumentSource;
  /** Converted PDFs, by content hash. Default: `<os tmpdir>/folio-cache`. */
  cacheDir?: string;
  /** Default `soffice` on PATH. */
  sofficePath?: string;
  /** Parallel conversions. Default: 1 (the server passes the core count). */
  concurrency?: number;
  /** Default 120 s. */
  convertTimeoutMs?: number;
  /** Documents larger than this answer 413. Default: no limit. */
  maxBytes?: number;
  /** Honour the sidecars' dev-only simulations (`convertMs`, `delayMs`, `fail`). Default false. */
  simulate?: boolean;
  /** Converts on the queue in this Redis (queue/queue.ts, `npm run worker`), not in-process. */
  redisUrl?: string;
  /** The queue's converted PDFs shared when CACHE_DIR is not (queue/s3-results.ts). */
  results?: ConversionResults;
  /** Where conversion jobs work (conversion/convert.ts). Default: os tmpdir. */
  workDir?: string;
  /** The pool's limits (pool/pool.ts); its threads default to `concurrency`. */
  pool?: PoolOptions;
  /** Images over this are refused from their header (conversion/convert.ts). */
  maxImagePixels?: number;
  /** LibreOffice's memory limit (conversion/sandbox.ts). */
  sofficeMemoryMb?: number;
  /** Where each PDF's facts came from: memory, disk or a parse (the server's metrics). */
  onFactsLookup?: (outcome: CacheOutcome) => void;
  /** Whether each page preview came from CACHE_DIR, was drawn, or failed (the server's metrics). */
  onPreviewLookup?: (outcome: PreviewOutcome) => void;
  /** Who gets documents as page images only (policy/view-only.ts, `VIEW_ONLY`). Default `off`. */
  viewOnly?: ViewOnlyMode;
  spawn?: Spawner;
  log?: (event: Record<string, unknown>) => void;
}

export interface Facility {
  readonly docsDir: string;
  readonly source: DocumentSource;
  /**
   * `GET documents/{id}`; null when the client went away during a simulated delay. A signed
   * link's reader narrows the policy and fills the watermark (policy/reader.ts).
   */
  metadata: (id: string, signal?: AbortSignal, reader?: Reader) => Promise<Answer | null>;
  /** `GET documents/{id}/content`: the viewable PDF; 403 `view_only` for a view-only reader. */
  content: (id: string, reader?: Reader) => Promise<Answer>;
  /** `GET documents/{id}/original`: the file as uploaded, when the document and reader allow it. */
  original: (id: string, reader?: Reader) => Promise<Answer>;
  /**
   * `GET documents/{id}/previews/{hash}/{name}`: a page preview the metadata's `previews` field
   * names (`name` is `{page}-{width}.webp`), immutable; 404 for any other.
   */
  preview: (id: string, hash: string, name: string, reader?: Reader) => Promise<Answer>;
  /**
   * `GET documents/{id}/pages/{hash}/{minute}/{name}`: a view-only reader's page image (`name` is
   * `{page}-{width}.webp`), the reader's watermark as opened at `minute` in its pixels; 404 for
   * any other reader or image.
   */
  page: (
    id: string,
    hash: string,
    minute: string,
    name: string,
    reader?: Reader,
  ) => Promise<Answer>;
  /** `GET documents/{id}/text/{hash}/{page}.json`: a view-only reader's page text with positions. */
  text: (id: string, hash: string, name: string, reader?: Reader) => Promise<Answer>;
  converter: Converter;
  pool: Pool;
}

export const DEFAULT_CACHE_DIR = path.join(tmpdir(), 'folio-cache');
const DEFAULT_TIMEOUT_MS = 120_000;
/** How long a client waits when the pool's queue is full. */
const BUSY_RETRY_AFTER_S = 2;

/** 503: the server lacks a tool or its queue; 502: the tool failed on this file; 413/415: refused. */
const FAILURE_STATUS: Record<FailureCode, number> = {
  conversion_failed: 502,
  converter_not_installed: 503,
  queue_unavailable: 503,
  too_large: 413,
  unsupported: 415,
};

interface Found {
  doc: DocumentFile;
  sidecar: Sidecar | null;
  /** Names the simulated conversion (file and sidecar version); undefined when none is simulated. */
  simulation?: string;
}

const NO_SIDECAR: SidecarResult = { kind: 'none' };

/** A preview's URL names its content, so it never changes: browsers keep it without asking. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

/** Where the viewable PDF of a document is, or why there is none (yet). */
type Viewable =
  | { kind: 'ready'; file: string; stats: Stats }
  | { kind: 'converting' }
  | { kind: 'failed'; answer: Answer };

/**
 * A PDF pdf.js opened, without a password (none is ever given): only such a document has previews,
 * as one that needs a password would otherwise show its pages without the prompt.
 */
function opened(facts: PdfFacts): boolean {
  return facts.error === undefined && facts.pageCount > 0;
}

/** 503 with Retry-After: the pool's queue is full. */
function busy(message: string): Answer {
  return jsonError(503, 'busy', { message }, { 'Retry-After': BUSY_RETRY_AFTER_S });
}

/** The file's name without the folders of its id (`contracts/2026/acme.docx` → `acme.docx`). */
function fileName(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}

function titleFromName(id: string): string {
  const name = fileName(id);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** 403 `view_only`: the reader gets this document as page images only (view-only.ts). */
function viewOnlyRefusal(): Answer {
  return jsonError(403, 'view_only', {
    message: 'this document is shown as page images only; its file is not sent',
  });
}

/** Resolves true after `ms`, or false as soon as `signal` aborts (the client went away). */
function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve(false);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createFacility(options: FacilityOptions): Facility {
  const { docsDir, simulate = false, maxBytes = Infinity, viewOnly = 'off' } = options;
  const source = options.source ?? createFolderSource(docsDir);
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const concurrency = options.concurrency ?? 1;
  const pool = createPool({ threads: concurrency, ...options.pool });
  const inProcess = createConverter({
    cacheDir,
    sofficePath: options.sofficePath ?? 'soffice',
    concurrency,
    timeoutMs: options.convertTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    pool,
    maxImagePixels: options.maxImagePixels,
    sofficeMemoryMb: options.sofficeMemoryMb,
    workDir: options.workDir,
    spawn: options.spawn,
    log: options.log,
  });
  // One memo of content hashes: the facts and the previews name a file version the same way.
  const contentHash = createHasher();
  const pdfFacts = createPdfFacts({
    pool,
    cacheDir,
    contentHash,
    onLookup: options.onFactsLookup,
  });
  const previewOf = createPreviews({
    pool,
    cacheDir,
    onLookup: options.onPreviewLookup,
    log: options.log,
  });
  const converter =
    options.redisUrl === undefined
      ? inProcess
      : createQueueConverter({
          redisUrl: options.redisUrl,
          cacheDir,
          results: options.results,
          local: inProcess,
          log: options.log,
        });

  const copies = createSourceCopies(source, cacheDir, maxBytes, options.log);
  const remote = createRemotePdfs(source, pool);

  /**
   * A source's failure as the reader's answer: its status and code, a message naming no origin
   * or credential (the log has the detail), `Retry-After` when the origin was down.
   */
  function sourceFailed(error: SourceError, id: string): Answer {
    options.log?.({
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

  /** Resolves the id, its sidecar and the folder default, or the error answer. */
  async function find(id: string): Promise<Found | Answer> {
    try {
      return await foundOf(source.local ? await source.local(id) : await copies.open(id));
    } catch (error) {
      return sourceFailed(asSourceError(error), id);
    }
  }

  /**
   * The same, or a source's PDF whose copy is still filling, when this reader may be sent its
   * bytes (not page images only): remote-pdf.ts reads it by ranges meanwhile.
   */
  async function findEarly(id: string, reader?: Reader): Promise<Found | Answer | Filling> {
    const early =
      !source.local &&
      sourceKind(id) === 'pdf' &&
      !isViewOnly(viewOnly, undefined, undefined, reader);
    if (!early) return find(id);
    try {
      const opened = await copies.openEarly(id);
      return opened.kind === 'filling' ? opened : await foundOf(opened);
    } catch (error) {
      return sourceFailed(asSourceError(error), id);
    }
  }

  /**
   * A filling PDF's metadata from its facts read by ranges; or, when the copy is whole first (or
   * the facts cannot be read so), the document found as usual.
   */
  async function earlyMetadata(
    id: string,
    filling: Filling,
    reader?: Reader,
  ): Promise<Found | Answer> {
    const facts = remote.facts(id, filling.stat);
    const first = await Promise.race([
      filling.whole.then(
        () => null,
        () => null,
      ),
      facts.catch(() => null),
    ]);
    if (first === null) {
      try {
        return await foundOf(await filling.whole);
      } catch (error) {
        return sourceFailed(asSourceError(error), id);
      }
    }
    if (first.refused !== undefined) {
      options.log?.({ event: 'refused', file: id, error: first.refused });
      return jsonError(413, first.refused, { message: `${id}: ${first.error ?? ''}` });
    }
    // No previews nor first-page ranges yet: both are named once the copy is whole.
    const body = {
      title: first.title ?? titleFromName(id),
      mimeType: 'application/pdf',
      pageCount: first.pageCount,
      loadedCount: first.pageCount,
      pageSize: first.pageSize,
      docOutline: first.docOutline,
      fileUrl: `documents/${encodeURIComponent(id)}/content`,
      ...forReader({}, reader, new Date()),
    };
    return { kind: 'json', status: 200, body };
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
      options.log?.({ event: 'refused', file: doc.name, error: 'too_large' });
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

  /** The document's PDF as its policy's `gridLine` asks (a sheet's grid printed, or not). */
  async function viewable({ doc, sidecar }: Found): Promise<Viewable> {
    const kind = sourceKind(doc.name);
    const served: Viewable = { kind: 'ready', file: doc.file, stats: doc.stats };
    if (kind === 'pdf') return served;
    if (kind === 'unknown') {
      if (await startsAsPdf(doc.file)) return served;
      return {
        kind: 'failed',
        answer: jsonError(415, 'unsupported', {
          message: `${doc.name} is not a kind of file this server previews (docs/server.md, "Formats")`,
        }),
      };
    }
    const state = await converter.state(doc.file, doc.stats, doc.name, {
      gridLine: gridLinePrinted(sidecar?.fields),
    });
    if (state.kind !== 'failed') return state;
    const status = FAILURE_STATUS[state.error];
    const headers =
      state.retryAfterS === undefined ? undefined : { 'Retry-After': state.retryAfterS };
    return {
      kind: 'failed',
      answer: jsonError(status, state.error, { message: state.message }, headers),
    };
  }

  /**
   * The simulated conversion's clock starts at its first answer (after pdf.js has read the file,
   * which can take a second on a busy machine), so the viewer sees it grow from 0.
   */
  function progressOf({ sidecar, simulation }: Found, pageCount: number): Progress {
    if (sidecar?.convertMs === undefined || simulation === undefined) {
      return { loadedCount: pageCount, complete: true, remainingMs: 0 };
    }
    return conversionProgress(conversionStart(simulation), sidecar.convertMs, pageCount);
  }

  /** The facts, or 503 with Retry-After while the pool's queue is full. */
  async function factsOf(file: string, stats: Stats): Promise<PdfFacts | Answer> {
    try {
      return await pdfFacts(file, stats);
    } catch (error) {
      if (!(error instanceof PoolBusyError)) throw error;
      return busy('the server is reading many documents; ask again shortly');
    }
  }

  /**
   * The facts and content hash of a document that has previews (a complete PDF that pdf.js
   * {@link opened}); else the answer to give instead, or null when it simply has none.
   */
  async function previewable(
    found: Found,
  ): Promise<{ facts: PdfFacts; file: string; hash: string } | Answer | null> {
    const view = await viewable(found);
    if (view.kind !== 'ready') return null;
    const facts = await factsOf(view.file, view.stats);
    if ('kind' in facts) return facts;
    if (!opened(facts) || !progressOf(found, facts.pageCount).complete) return null;
    return { facts, file: view.file, hash: await contentHash(view.file, view.stats) };
  }

  const viewOnlyFor = ({ sidecar }: Found, reader: Reader | undefined) =>
    isViewOnly(viewOnly, sidecar?.viewOnly, sidecar?.fields, reader);

  /** The page a view-only route names, with what it needs; else the answer to give instead. */
  async function viewOnlyPage(id: string, hash: string, name: string, reader?: Reader) {
    const found = await find(id);
    if (!('doc' in found)) return found;
    if (!viewOnlyFor(found, reader)) return jsonError(404, 'not_found');
    const ready = await previewable(found);
    if (ready === null) return jsonError(404, 'not_found');
    if ('kind' in ready) return ready;
    // An old hash is a previous version of the file: its pages are not this one's.
    if (hash !== ready.hash) return jsonError(404, 'not_found');
    return { found, ready, name };
  }

  return {
    docsDir,
    source,
    converter,
    pool,

    async metadata(id, signal, reader) {
      const early = await findEarly(id, reader);
      const found = 'whole' in early ? await earlyMetadata(id, early, reader) : early;
      if (!('doc' in found)) return found;
      const { doc, sidecar } = found;
      if (simulate && sidecar?.delayMs !== undefined && !(await wait(sidecar.delayMs, signal))) {
        return null;
      }
      if (simulate && sidecar?.fail) return { kind: 'raw', ...sidecar.fail };
      const base = {
        title: titleFromName(doc.name),
        mimeType: mime.lookup(doc.name) || 'application/octet-stream',
      };
      // A view-only reader's answer names page images instead (view-only.ts).
      const viewOnlyReader = viewOnlyFor(found, reader);
      const fileUrl = `documents/${encodeURIComponent(doc.name)}/content`;
      const fields = forReader(sidecar?.fields ?? {}, reader, new Date());
      const view = await viewable(found);
      if (view.kind === 'failed') return view.answer;
      if (view.kind === 'converting') {
        // The page count is unknown until LibreOffice is done: "0 of 1" keeps the viewer polling.
        const body = { ...base, pageCount: 1, loadedCount: 0, pageSize: [], docOutline: [] };
        const mode = viewOnlyReader
          ? { viewOnly: viewOnlyField(doc.name, null, 0, { searchable: false, comments: true }) }
          : { fileUrl };
        return { kind: 'json', status: 200, body: { ...body, ...fields, ...mode } };
      }
      const facts = await factsOf(view.file, view.stats);
      if ('kind' in facts) return facts;
      if (facts.refused !== undefined) {
        options.log?.({ event: 'refused', file: doc.name, error: facts.refused });
        return jsonError(413, facts.refused, { message: `${doc.name}: ${facts.error ?? ''}` });
      }
      const { loadedCount, complete } = progressOf(found, facts.pageCount);
      const hash = complete && opened(facts) ? await contentHash(view.file, view.stats) : null;
      const read = {
        ...base,
        title: facts.title ?? base.title,
        pageCount: facts.pageCount,
        loadedCount,
        pageSize: facts.pageSize,
        docOutline: facts.docOutline,
      };
      if (viewOnlyReader) {
        // Page images and texts only: no file's URL, no byte ranges, no clean previews.
        const minute = Math.floor(Date.now() / 60_000);
        const field = viewOnlyField(doc.name, hash, minute, {
          searchable: searchAllowed(fields),
          comments: commentsShown(fields),
        });
        return { kind: 'json', status: 200, body: { ...read, ...fields, viewOnly: field } };
      }
      // Both only for a complete file pdf.js opened: its bytes and pages will not change.
      const named =
        hash === null
          ? {}
          : {
              previews: previewsField(
                doc.name,
                hash,
                facts.pageCount,
                await firstPageDrawn(cacheDir, hash, commentsShown(fields)),
                commentsShown(fields),
              ),
              ...(facts.firstPageRanges?.length && { firstPageRanges: facts.firstPageRanges }),
            };
      const body = { ...read, fileUrl, ...named, ...fields };
      return { kind: 'json', status: 200, body };
    },

    async content(id, reader) {
      const found = await findEarly(id, reader);
      if ('whole' in found) {
        return remote.content(id, found.stat, (error) => sourceFailed(asSourceError(error), id));
      }
      if (!('doc' in found)) return found;
      if (viewOnlyFor(found, reader)) return viewOnlyRefusal();
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

    async preview(id, hash, name, reader) {
      const found = await find(id);
      if (!('doc' in found)) return found;
      // A clean first-page image is the page without the reader's watermark.
      if (viewOnlyFor(found, reader)) return viewOnlyRefusal();
      const ready = await previewable(found);
      if (ready === null) return jsonError(404, 'not_found');
      if ('kind' in ready) return ready;
      const request = previewRequest(name, ready.facts.pageSize);
      // An old hash is a previous version of the file: its previews are not this one's; and a
      // page drawn with its comments is not the one a reader who may not see them is offered.
      const comments = commentsShown(found.sidecar?.fields);
      if (request === null || hash !== ready.hash || request.comments !== comments) {
        return jsonError(404, 'not_found');
      }
      const drawn = await previewOf(ready.hash, ready.file, request);
      if (typeof drawn === 'string') return { kind: 'file', file: drawn, cacheControl: IMMUTABLE };
      if (drawn.kind === 'busy') return busy('the server is drawing many pages; ask again shortly');
      return jsonError(404, 'preview_failed', {
        message: `page ${String(request.page)} could not be drawn`,
      });
    },

    // The original is what was uploaded, so it is there even while the viewable PDF converts.
    async original(id, reader) {
      const found = await find(id);
      if (!('doc' in found)) return found;
      if (viewOnlyFor(found, reader)) return viewOnlyRefusal();
      if (!documentAllowsDownload(found.sidecar?.fields) || !readerMayDownload(reader)) {
        return jsonError(403, 'download_not_allowed');
      }
      return { kind: 'file', file: found.doc.file, downloadName: fileName(found.doc.name) };
    },

    async page(id, hash, minuteText, name, reader) {
      const named = await viewOnlyPage(id, hash, name, reader);
      if (!('ready' in named)) return named;
      const { found, ready } = named;
      const minute = openedMinute(minuteText, new Date());
      const request = previewRequest(name, ready.facts.pageSize, {
        pages: ready.facts.pageCount,
        widths: PAGE_WIDTHS,
      });
      const comments = commentsShown(found.sidecar?.fields);
      if (minute === null || request?.comments !== comments) return jsonError(404, 'not_found');
      // The watermark is the server's, from the verified reader: the URL only names the minute.
      const info = pageWatermark(found.sidecar?.fields, reader, minute);
      const drawn = await previewOf(ready.hash, ready.file, request, {
        key: watermarkKey(info),
        info,
      });
      if (typeof drawn === 'string') return { kind: 'file', file: drawn, cacheControl: IMMUTABLE };
      if (drawn.kind === 'busy') return busy('the server is drawing many pages; ask again shortly');
      return jsonError(404, 'preview_failed', {
        message: `page ${String(request.page)} could not be drawn`,
      });
    },

    async text(id, hash, name, reader) {
      const named = await viewOnlyPage(id, hash, name, reader);
      if (!('ready' in named)) return named;
      const { found, ready } = named;
      if (!searchAllowed(forReader(found.sidecar?.fields ?? {}, reader, new Date()))) {
        return jsonError(403, 'search_not_allowed');
      }
      const parts = /^([1-9]\d{0,5})\.json$/.exec(name);
      const page = Number(parts?.[1] ?? 0);
      if (page < 1 || page > ready.facts.pageCount) return jsonError(404, 'not_found');
      try {
        const text = await pool.run('pageText', { input: ready.file, hash: ready.hash, page });
        return { kind: 'json', status: 200, body: text };
      } catch (error) {
        if (error instanceof PoolBusyError) {
          return busy('the server is reading many pages; ask again shortly');
        }
        const message = error instanceof Error ? error.message : String(error);
        options.log?.({ event: 'text_failed', hash: ready.hash, page, error: message });
        return jsonError(404, 'text_failed', { message: `page ${String(page)} could not be read` });
      }
    },
  };
}
