/**
 * The preview facility of contracts §3, framework-neutral: a composition of named parts, one per
 * thing it does (facility/README.md, "Layout"). An id becomes a document with its policy
 * (sources/lookup.ts), the document its viewable PDF (conversion/viewable.ts, converting on the
 * queue when there is one), that PDF pdf.js's facts (facts/document-facts.ts); the answers are the
 * metadata (facts/metadata.ts), the bytes (sources/content.ts) and the page images
 * (previews/page-images.ts). Everything that parses untrusted bytes runs in the one bounded pool
 * (pool/pool.ts). Each call returns an `Answer` (http/answer.ts); the route handlers
 * (server/routes/documents.ts) only write it.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createArchives } from './archives/entries.ts';
import { DEFAULT_ARCHIVE_LIMITS } from './archives/listing.ts';
import type { ArchiveLimits } from './archives/listing.ts';
import { createConverter, createHasher } from './conversion/convert.ts';
import { createOfficeUnlock } from './conversion/office-password.ts';
import type { Converter, Spawner } from './conversion/convert.ts';
import { createViewable } from './conversion/viewable.ts';
import { createDocumentFacts } from './facts/document-facts.ts';
import { createMetadata } from './facts/metadata.ts';
import type { Metadata } from './facts/metadata.ts';
import type { SheetViewMode } from './sheets/grid-choice.ts';
import { createPdfFacts } from './facts/pdf-facts.ts';
import { createMediaAnswers } from './media/answers.ts';
import type { MediaAnswers, MediaTicket } from './media/answers.ts';
import { createMedia } from './media/media.ts';
import type { MediaLimits } from './media/probe.ts';
import type { CacheOutcome } from './facts/pdf-facts.ts';
import type { ViewOnlyMode } from './policy/view-only.ts';
import { createPool } from './pool/pool.ts';
import type { Pool, PoolOptions } from './pool/pool.ts';
import { createPageImages } from './previews/page-images.ts';
import type { PageImages } from './previews/page-images.ts';
import { PAGE_IMAGES_PER_READER } from './previews/page-images.ts';
import { createPreviews } from './previews/previews.ts';
import type { PreviewOutcome } from './previews/previews.ts';
import { createQueueConverter } from './queue/queue.ts';
import { createGridChoice } from './sheets/grid-choice.ts';
import { createSheetAnswers } from './sheets/sheet-answers.ts';
import type { SheetAnswers } from './sheets/sheet-answers.ts';
import { createSheets } from './sheets/sheets.ts';
import type { ConversionResults } from './queue/s3-results.ts';
import { createContent } from './sources/content.ts';
import type { Content } from './sources/content.ts';
import { createFolderSource } from './sources/folder-source.ts';
import { createLookup } from './sources/lookup.ts';
import { createRemotePdfs } from './sources/remote-pdf.ts';
import type { DocumentSource } from './sources/source.ts';

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
  /** The caps archives and e-mails are read under (archives/listing.ts); default: its defaults. */
  archiveLimits?: Partial<ArchiveLimits>;
  /** How a workbook or a table of text is shown (`SHEET_VIEW`, facts/metadata.ts). Default `grid`. */
  sheetView?: SheetViewMode;
  /** The caps audio and video are read and transcoded under (media/probe.ts). */
  mediaLimits?: Partial<MediaLimits>;
  /**
   * The ticket a media URL carries for its reader (server/media-tickets.ts), since a `<video>`
   * sends no Authorization header. Default: `open` (no signed links).
   */
  mediaTicket?: MediaTicket;
  /** Who gets documents as page images only (policy/view-only.ts, `VIEW_ONLY`). Default `off`. */
  viewOnly?: ViewOnlyMode;
  /** Page images one reader may have drawn at once (pool/lane.ts); more answer busy. Default 8. */
  pageImagesPerReader?: number;
  spawn?: Spawner;
  log?: (event: Record<string, unknown>) => void;
}

/**
 * The facility's requests, each answered by one of its parts (sources/content.ts,
 * previews/page-images.ts, facts/metadata.ts); the converter and the pool for the server's health,
 * metrics and shutdown.
 */
export interface Facility extends Content, PageImages, Pick<MediaAnswers, 'media' | 'track'> {
  readonly docsDir: string;
  readonly source: DocumentSource;
  metadata: Metadata;
  /** `GET documents/{id}/sheets/{hash}/{name}` (sheets/sheets.ts): rows, a tail or a search. */
  sheet: SheetAnswers;
  converter: Converter;
  pool: Pool;
}

export const DEFAULT_CACHE_DIR = path.join(tmpdir(), 'folio-cache');
const DEFAULT_TIMEOUT_MS = 120_000;

export function createFacility(options: FacilityOptions): Facility {
  const { docsDir, simulate = false, maxBytes = Infinity, viewOnly = 'off', log } = options;
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
    log,
  });
  // One memo of content hashes: the facts and the previews name a file version the same way.
  const contentHash = createHasher();
  const pdfFacts = createPdfFacts({ pool, cacheDir, contentHash, onLookup: options.onFactsLookup });
  const previewOf = createPreviews({ pool, cacheDir, onLookup: options.onPreviewLookup, log });
  const queued =
    options.redisUrl === undefined
      ? undefined
      : createQueueConverter({
          redisUrl: options.redisUrl,
          cacheDir,
          results: options.results,
          local: inProcess,
          log,
        });
  const converter = queued ?? inProcess;

  // An entry is a document: no larger than MAX_FILE_MB either.
  const archiveLimits = {
    maxEntryBytes: Math.min(DEFAULT_ARCHIVE_LIMITS.maxEntryBytes, maxBytes),
    ...options.archiveLimits,
  };
  const archives = createArchives({ cacheDir, contentHash, limits: archiveLimits, log });
  const unlock = createOfficeUnlock({
    cacheDir,
    contentHash,
    limits: { ...DEFAULT_ARCHIVE_LIMITS, ...archiveLimits },
  });
  const lookup = createLookup({
    docsDir,
    source,
    cacheDir,
    maxBytes,
    simulate,
    viewOnly,
    archives,
    unlock,
    log,
  });
  const mediaAnswers = createMediaAnswers({
    lookup,
    media: createMedia({
      cacheDir,
      workDir: options.workDir ?? tmpdir(),
      contentHash,
      pool,
      limits: options.mediaLimits,
      // A worker's transcode reaches this server through a CACHE_DIR they share; with none
      // (RESULTS_S3_PREFIX) the server transcodes itself.
      transcodeElsewhere: options.results === undefined ? queued?.transcode : undefined,
      log,
    }),
    ticket: options.mediaTicket ?? (() => 'open'),
  });
  const remote = createRemotePdfs(source, pool);
  const viewable = createViewable(converter);
  const facts = createDocumentFacts({ pdfFacts, contentHash, viewable });
  const sheets = createSheets({ pool, cacheDir, contentHash, log });
  const gridChoice = createGridChoice({ sheetView: options.sheetView ?? 'grid', viewable });
  const metadata = createMetadata({
    lookup,
    remote,
    viewable,
    facts,
    archives,
    sheets,
    gridChoice,
    media: mediaAnswers,
    cacheDir,
    simulate,
    log,
  });
  const { content, original } = createContent({
    lookup,
    remote,
    viewable,
    facts,
  });
  const { preview, page, text } = createPageImages({
    lookup,
    facts,
    previewOf,
    pool,
    imagesPerReader: options.pageImagesPerReader ?? PAGE_IMAGES_PER_READER,
    log,
  });

  const sheet = createSheetAnswers({ lookup, sheets, gridChoice });

  const { media, track } = mediaAnswers;
  return {
    docsDir,
    source,
    converter,
    pool,
    metadata,
    content,
    preview,
    original,
    page,
    text,
    sheet,
    media,
    track,
  };
}
