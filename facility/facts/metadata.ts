/**
 * `GET documents/{id}` (contracts §3, facility/README.md): the document's facts as this reader's
 * answer — title, pages, outline and the policy fields (policy/reader.ts narrows them), with what
 * the viewer reads next: the PDF's URL, its page previews and page 1's byte ranges, or a view-only
 * reader's page images (policy/view-only.ts). While a source's PDF is still being copied, its facts
 * read by ranges answer first (sources/remote-pdf.ts).
 */
import mime from 'mime-types';
import { archiveAnswer, formatOfDocument, shownName } from '../archives/entries.ts';
import type { Archives } from '../archives/entries.ts';
import type { Listing } from '../archives/listing.ts';
import { formatOf } from '../conversion/formats.ts';
import type { ViewableOf } from '../conversion/viewable.ts';
import { jsonError } from '../http/answer.ts';
import type { MediaAnswers } from '../media/answers.ts';
import type { Answer } from '../http/answer.ts';
import { commentsShown, searchAllowed } from '../policy/param.ts';
import { forReader } from '../policy/reader.ts';
import type { Reader } from '../policy/reader.ts';
import { viewOnlyField } from '../policy/view-only.ts';
import { firstPageDrawn, previewsField } from '../previews/previews.ts';
import type { GridChoice } from '../sheets/grid-choice.ts';
import { sheetUrls } from '../sheets/sheets.ts';
import type { Sheets } from '../sheets/sheets.ts';
import { fileName } from '../sources/files.ts';
import type { Found, Lookup } from '../sources/lookup.ts';
import type { RemotePdfs } from '../sources/remote-pdf.ts';
import type { Filling } from '../sources/source-copy.ts';
import { opened } from './document-facts.ts';
import type { DocumentFacts } from './document-facts.ts';

export interface MetadataOptions {
  lookup: Lookup;
  remote: RemotePdfs;
  viewable: ViewableOf;
  facts: DocumentFacts;
  /** An archive's or an e-mail's listing (archives/entries.ts). */
  archives: Archives;
  /** A workbook's or a table of text's sheets, when they are shown as grids (sheets/sheets.ts). */
  sheets: Sheets;
  /** Which documents are shown as grids (`SHEET_VIEW`), and the file each grid reads. */
  gridChoice: GridChoice;
  /** Audio and video's answer (media/answers.ts). */
  media: MediaAnswers;
  /** Where the previews are drawn: the answer names page 1's as drawn when it is there. */
  cacheDir: string;
  /** Honour the sidecars' `delayMs` and `fail` (dev only). */
  simulate: boolean;
  log?: (event: Record<string, unknown>) => void;
}

/**
 * `GET documents/{id}`; null when the client went away during a simulated delay. A signed link's
 * reader narrows the policy and fills the watermark (policy/reader.ts).
 */
export type Metadata = (
  id: string,
  signal?: AbortSignal,
  reader?: Reader,
  /** The reader's password for an encrypted archive or office file (policy/passwords.ts). */
  password?: string,
  /**
   * `pages`: the document as pages even when it is shown as a grid (`?view=pages`, what a grid's
   * print asks for: sheets/grid-choice.ts).
   */
  view?: 'pages',
) => Promise<Answer | null>;

function titleFromName(id: string): string {
  const name = fileName(id);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
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

/**
 * The `listing` of a listing view's answer (facility/README.md): files only, each with its entry
 * id and whether this server shows it; an e-mail's header fields and body beside.
 */
export function listingField(id: string, listed: Listing): Record<string, unknown> {
  const entries = listed.entries
    .filter((entry) => entry.type === 'file')
    .map((entry) => ({
      id: `${id}!${String(entry.index)}`,
      path: entry.path,
      ...(entry.size !== undefined && { size: entry.size }),
      ...(entry.modified !== undefined && { modified: entry.modified }),
      // An encrypted one opens too: its password is asked for then (policy/passwords.ts).
      opens: formatOf(entry.path) !== undefined,
      ...(entry.encrypted === true && { encrypted: true }),
    }));
  return {
    kind: listed.message === undefined ? 'archive' : 'email',
    entries,
    truncated: false,
    ...(listed.message !== undefined && { message: listed.message }),
  };
}

export function createMetadata(options: MetadataOptions): Metadata {
  const {
    lookup,
    remote,
    viewable,
    archives,
    sheets,
    gridChoice,
    media,
    facts: documentFacts,
    cacheDir,
    simulate,
    log,
  } = options;
  const { factsOf, progressOf, contentHash } = documentFacts;

  /**
   * A filling PDF's metadata from its facts read by ranges; or, when the copy is whole first (or
   * the facts cannot be read so), the document found as usual.
   */
  async function earlyMetadata(
    id: string,
    filling: Filling,
    reader?: Reader,
  ): Promise<Found | Answer> {
    // The copy fills once the facts are read: the first answer does not share the machine with it.
    const facts = remote.facts(id, filling.stat).finally(filling.start);
    const first = await Promise.race([
      filling.whole.then(
        () => null,
        () => null,
      ),
      facts.catch(() => null),
    ]);
    if (first === null) return lookup.whole(id, filling);
    if (first.refused !== undefined) {
      log?.({ event: 'refused', file: id, error: first.refused });
      return jsonError(413, first.refused, { message: `${id}: ${first.error ?? ''}` });
    }
    // No previews yet (they are drawn from the whole copy); the ranges page 1 needs, noted as
    // the facts were read from the source, so the viewer asks for them at once.
    const body = {
      title: first.title ?? titleFromName(id),
      mimeType: 'application/pdf',
      pageCount: first.pageCount,
      loadedCount: first.pageCount,
      pageSize: first.pageSize,
      docOutline: first.docOutline,
      fileUrl: `documents/${encodeURIComponent(id)}/content`,
      ...(first.firstPageRanges?.length && { firstPageRanges: first.firstPageRanges }),
      ...forReader({}, reader, new Date()),
    };
    return { kind: 'json', status: 200, body };
  }

  return async (id, signal, reader, password, asked) => {
    const early = await lookup.findEarly(id, reader, password);
    const found = 'whole' in early ? await earlyMetadata(id, early, reader) : early;
    if (!('doc' in found)) return found;
    const { doc, sidecar } = found;
    if (simulate && sidecar?.delayMs !== undefined && !(await wait(sidecar.delayMs, signal))) {
      return null;
    }
    if (simulate && sidecar?.fail) return { kind: 'raw', ...sidecar.fail };
    const base = {
      title: titleFromName(shownName(doc)),
      mimeType: mime.lookup(shownName(doc)) || 'application/octet-stream',
    };
    if (formatOfDocument(doc)?.view === 'listing') {
      let listed: Listing;
      try {
        listed = await archives.listing(doc, password);
      } catch (error) {
        return archiveAnswer(error, doc.name);
      }
      const fields = forReader(sidecar?.fields ?? {}, reader, new Date());
      return {
        kind: 'json',
        status: 200,
        body: {
          ...base,
          view: 'listing',
          pageCount: 0,
          listing: listingField(doc.name, listed),
          ...fields,
        },
      };
    }
    if (formatOfDocument(doc)?.view === 'media') {
      return media.metadata(
        found,
        base,
        forReader(sidecar?.fields ?? {}, reader, new Date()),
        reader,
      );
    }
    // A view-only reader's answer names page images instead (view-only.ts).
    const viewOnlyReader = lookup.viewOnlyFor(found, reader);
    const fileUrl = `documents/${encodeURIComponent(doc.name)}/content`;
    const fields = forReader(sidecar?.fields ?? {}, reader, new Date());
    // A grid read by rows (sheets/sheets.ts); its pages, asked for by a print, are the answer to
    // `?view=pages`. While LibreOffice saves an `.xls` or `.ods` as the workbook the grid reads,
    // the answer is the pages view's "converting" below, polled as it is (grid-choice.ts).
    const grid = asked !== 'pages' && gridChoice.shownAsGrid(found);
    const gridFile = grid ? await gridChoice.gridFile(found) : undefined;
    if (gridFile?.kind === 'failed') return gridFile.answer;
    if (gridFile?.kind === 'ready') {
      const { file, stats, ext } = gridFile;
      const read = await sheets.book({ file, stats, ext, title: base.title });
      if (!('hash' in read)) return read;
      const sheet = {
        ...read.book,
        ...sheetUrls(doc.name, read.hash, {
          searchable: searchAllowed(fields),
          comments: commentsShown(fields),
        }),
      };
      // A view-only reader gets rows, never the file: no URL of it, no download.
      const mode = viewOnlyReader
        ? { param: { ...(fields.param as Record<string, unknown> | undefined), download: false } }
        : { fileUrl };
      const body = { ...base, view: 'sheet', pageCount: 0, sheet, ...fields, ...mode };
      return { kind: 'json', status: 200, body };
    }
    const view = gridFile ?? (await viewable(found));
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
      log?.({ event: 'refused', file: doc.name, error: facts.refused });
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
  };
}
