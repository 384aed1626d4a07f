/**
 * The doc model's effects of the document's fetch (spec §7, contracts §3):
 *
 * - `fetch`: ask the facility, poll with backoff while it converts, store the answer; an answer
 *   whose view has no viewed file (a listing, a sheet, media) is stored and shown by its engine,
 *   and no pages are opened for it. Every expected failure ends as `status: 'error'` with a typed
 *   DocError and a resolved dispatch; only a bug rejects.
 * - `givePassword`: the reader's answer to the facility's question for a password.
 */
import type { Action, EffectCommands } from '../../../runtime';
import { VIEW_TRAITS } from '../../../domain/view';
import { savedOf } from '../../../services/facilityDocument';
import { createFacilityClient } from '../../../services/facilityClient';
import { giveDocumentPassword, keepDocumentPasswordFor } from '../../../services/documentPassword';
import { takePreviewsDeclined } from '../../../services/earlyAnswer';
import type { FacilityDocument } from '../../../services/facilityClient';
import {
  HttpError,
  MalformedResponseError,
  NetworkError,
  TimeoutError,
} from '../../../services/request';
import { readSettings } from '../../../services/settings';
import { sanitizeText, TEXT_LIMITS } from '../../../services/sanitizeText';
import { docActions } from '../actions';
import { selectDoc } from '../selectors';
import type { DocError } from '../state';

/**
 * Polling while the facility converts: 500 ms, ×1.5 each time, at most 5 s apart, and given up
 * (as a timeout) once 10 minutes of waiting have not finished the conversion.
 */
export const POLL = { firstDelayMs: 500, factor: 1.5, maxDelayMs: 5_000, maxTotalMs: 600_000 };

/** HTTP statuses that mean "there is no such document" rather than "the facility failed". */
const NOT_FOUND = new Set([400, 404, 410]);

/**
 * The facility's error codes for a conversion it could not do (contracts §3, facility/README.md); a
 * document refused from its header (`too_large`, `unsupported`) reads the same, its reason says why.
 */
const CONVERSION_ERRORS: Readonly<Partial<Record<string, DocError['kind']>>> = {
  conversion_failed: 'conversionFailed',
  converter_not_installed: 'converterMissing',
  too_large: 'conversionFailed',
  unsupported: 'conversionFailed',
  // An archive the facility will not list (docs/decisions/2026-12-06-listing-view.md).
  bad_archive: 'conversionFailed',
};

/**
 * An encrypted archive, entry or office file (contracts §3, "Passwords"): the reader is asked for
 * its password, which the next request carries (services/documentPassword.ts).
 */
const PASSWORD_ERRORS: Readonly<Partial<Record<string, DocError['kind']>>> = {
  password_required: 'passwordRequired',
  password_incorrect: 'passwordIncorrect',
};

/**
 * The document source's failures (docs/server.md, "Document sources"): the store refused the
 * server, took too long, or could not be reached. Its own words are not shown: they name the store.
 */
const SOURCE_ERRORS: Readonly<Partial<Record<string, DocError['kind']>>> = {
  source_refused: 'sourceRefused',
  source_timeout: 'sourceTimeout',
  source_unavailable: 'sourceUnavailable',
};

/** The facility's refusals of a signed link (docs/server.md, "Signed links"). */
const TOKEN_ERRORS: Readonly<Partial<Record<string, DocError['kind']>>> = {
  token_missing: 'tokenMissing',
  token_invalid: 'tokenInvalid',
  token_expired: 'tokenExpired',
  token_other_document: 'tokenOtherDocument',
};

/** The typed error for an expected failure; undefined for anything else (a bug). */
export function toDocError(error: unknown): DocError | undefined {
  if (error instanceof HttpError) {
    const { status, detail } = error;
    const conversion = detail.code === undefined ? undefined : CONVERSION_ERRORS[detail.code];
    if (conversion) {
      const reason = sanitizeText(detail.reason, TEXT_LIMITS.reason);
      return { kind: conversion, status, ...(reason !== '' && { reason }) };
    }
    const password = detail.code === undefined ? undefined : PASSWORD_ERRORS[detail.code];
    if (password) return { kind: password, status };
    const source = detail.code === undefined ? undefined : SOURCE_ERRORS[detail.code];
    if (source) return { kind: source, status };
    const refused = detail.code === undefined ? undefined : TOKEN_ERRORS[detail.code];
    if (refused && (status === 401 || status === 403)) return { kind: refused, status };
    return { kind: NOT_FOUND.has(status) ? 'notFound' : 'facility', status };
  }
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  if (error instanceof MalformedResponseError) return { kind: 'malformed' };
  if (error instanceof NetworkError) return { kind: 'network' };
  return undefined;
}

export type FetchOutcome = 'ready' | 'error';

/** takeLatest: a fetch of another id cancels this one, and its request is aborted. */
export function* fetchDocument(
  { payload: id }: Action<string>,
  { call, put, select, delay, cancelled }: EffectCommands,
): Generator<unknown, FetchOutcome, unknown> {
  const { docId: shown } = yield* select(selectDoc);
  yield* put(docActions.fetchStarted(id));
  // Another document's PDF ends now, with its fields in the store (fetchStarted): pdf.js must not
  // go on drawing into a page view that is leaving (docs/decisions/2026-12-06-listing-view.md,
  // "Leaving a PDF while pdf.js works").
  if (shown !== id) yield* put(docActions.closePages());
  keepDocumentPasswordFor(id);
  const controller = new AbortController();
  let settled = false;
  try {
    const settings = readSettings();
    const client = createFacilityClient(settings.previewApi, {
      timeoutMs: settings.previewTimeoutMs,
    });
    // No PDF is asked for before the answer says the view is pages: an archive, a sheet, media,
    // a view-only reader or a locked file would answer it with an error. The boot asks for the
    // PDF's first ranges the moment the answer says so, before the app has loaded
    // (docs/decisions/2026-12-06-boot-before-the-app.md).
    let waitMs = POLL.firstDelayMs;
    let waitedMs = 0;
    for (;;) {
      let doc: FacilityDocument;
      try {
        doc = yield* call(client.getDocument, id, { signal: controller.signal });
      } catch (error) {
        const docError = toDocError(error);
        if (!docError) throw error;
        settled = true;
        yield* put(docActions.failed(docError));
        yield* put(docActions.closePages());
        return 'error';
      }
      if (!VIEW_TRAITS[doc.view].viewedFile) {
        // Another engine than pdf.js shows it (contracts §3 "Views beyond pages"): nothing of
        // pdf.js opens (docs/decisions/2026-12-06-listing-view.md, 2026-12-06-sheet-view.md,
        // 2026-12-06-media-view.md).
        settled = true;
        yield* put(docActions.save(savedOf(doc)));
        yield* put(docActions.closePages());
        return 'ready';
      }
      if (doc.loadedCount >= doc.pageCount && doc.viewOnly?.pages === null) {
        // View-only, and the server has no page to draw: the file could not be read.
        settled = true;
        yield* put(docActions.failed({ kind: 'conversionFailed' }));
        yield* put(docActions.closePages());
        return 'error';
      }
      if (doc.loadedCount >= doc.pageCount) {
        settled = true;
        if (doc.previews && (yield* call(takePreviewsDeclined)))
          doc = { ...doc, previews: undefined };
        const answer = savedOf(doc);
        // The pagePreviews model asks for page 1's preview as it is stored.
        yield* put(docActions.save(answer));
        const saved = answer.docData;
        const pages = saved.viewOnly?.pages;
        yield* put(
          pages
            ? docActions.openPages({ url: pages })
            : docActions.openPages({ url: saved.fileUrl, firstPageRanges: saved.firstPageRanges }),
        );
        return 'ready';
      }
      const { loadedCount, pageCount } = doc;
      yield* put(docActions.converting({ loadedCount, pageCount }));
      // Nothing to open while it converts (an open of an earlier answer reads a stale file).
      yield* put(docActions.closePages());
      if (waitedMs >= POLL.maxTotalMs) {
        settled = true;
        yield* put(docActions.failed({ kind: 'timeout' }));
        return 'error';
      }
      yield* delay(waitMs);
      waitedMs += waitMs;
      waitMs = Math.min(waitMs * POLL.factor, POLL.maxDelayMs);
    }
  } finally {
    if (yield* cancelled()) controller.abort();
    // A bug (or an unusable previewApi) still must not leave the viewer loading forever; the
    // error itself goes on to onError.
    else if (!settled) yield* put(docActions.failed({ kind: 'facility' }));
  }
}

/**
 * The reader answered the facility's question for a password: held in memory by the service
 * (never by the store), and the document asked for again with it.
 */
export function* givePassword(
  { payload }: Action<{ id: string; password: string }>,
  { put }: EffectCommands,
): Generator<unknown, void, unknown> {
  giveDocumentPassword(payload.id, payload.password);
  yield* put(docActions.fetch(payload.id));
}
