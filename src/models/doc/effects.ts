/**
 * The `doc` model's effects.
 *
 * - `fetch`, the document fetch (spec §7, contracts §3): ask the facility, poll with backoff while it
 *   converts, store the answer. Every expected failure ends as `status: 'error'` with a typed
 *   DocError and a resolved dispatch; only a bug rejects.
 * - `download` (behaviour.md, "The facility's policy", contracts §5b `download`, `isFcsDownload`): policy decides what is
 *   reachable; with `download` off there is no URL to fetch.
 */
import { fetchFile, saveFile } from '../../services/download';
import { downloadFileName } from '../../services/fileName';
import type { Action, EffectCommands } from '../../runtime';
import { createPreviewClient } from '../../services/preview';
import type { FacilityDocument } from '../../services/preview';
import {
  HttpError,
  MalformedResponseError,
  NetworkError,
  TimeoutError,
} from '../../services/request';
import { readSettings } from '../../services/settings';
import { sanitizeText, TEXT_LIMITS } from '../../services/sanitizeText';
import { docActions } from './actions';
import type { SavePayload } from './reducers';
import { selectDownloadNaming, selectDownloadUrl } from './selectors';
import type { DocError, DownloadFailure } from './state';

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
    const refused = detail.code === undefined ? undefined : TOKEN_ERRORS[detail.code];
    if (refused && (status === 401 || status === 403)) return { kind: refused, status };
    return { kind: NOT_FOUND.has(status) ? 'notFound' : 'facility', status };
  }
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  if (error instanceof MalformedResponseError) return { kind: 'malformed' };
  if (error instanceof NetworkError) return { kind: 'network' };
  return undefined;
}

function toSavePayload(doc: FacilityDocument): SavePayload {
  const { title, watermarkInfo, pageSize, pageCount, loadedCount, docOutline, param } = doc;
  return {
    docData: { title, watermarkInfo, pageSize, pageCount, loadedCount, docOutline, param },
    mimeType: doc.mimeType,
    fileUrl: doc.fileUrl,
    originalUrl: doc.originalUrl,
  };
}

export type FetchOutcome = 'ready' | 'error';

/** takeLatest: a fetch of another id cancels this one, and its request is aborted. */
function* fetchDocument(
  { payload: id }: Action<string>,
  { call, put, delay, cancelled }: EffectCommands,
): Generator<unknown, FetchOutcome, unknown> {
  yield* put(docActions.fetchStarted(id));
  const controller = new AbortController();
  let settled = false;
  try {
    const settings = readSettings();
    const client = createPreviewClient(settings.previewApi, {
      timeoutMs: settings.previewTimeoutMs,
    });
    yield* put(docActions.fileExpected(client.contentUrl(id)));
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
        return 'error';
      }
      if (doc.loadedCount >= doc.pageCount) {
        settled = true;
        yield* put(docActions.save(toSavePayload(doc)));
        return 'ready';
      }
      const { loadedCount, pageCount } = doc;
      yield* put(docActions.converting({ loadedCount, pageCount }));
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

/** `notAllowed`: the policy forbids downloads, or there is no document to download yet. */
export type DownloadOutcome = 'saved' | 'failed' | 'notAllowed';

/** The failure to report for an expected error; undefined for anything else (a bug). */
export function toDownloadFailure(error: unknown): DownloadFailure | undefined {
  if (error instanceof HttpError) return { status: error.status };
  if (error instanceof NetworkError) return {};
  return undefined;
}

/**
 * takeLeading: a second request while one runs (a held Ctrl+S) is ignored. The bytes are fetched
 * and saved under the title's name; a failure is put in the state for the UI to report.
 */
function* downloadDocument(
  _action: Action,
  { call, put, select, cancelled }: EffectCommands,
): Generator<unknown, DownloadOutcome, unknown> {
  const url = yield* select(selectDownloadUrl);
  if (url === undefined) return 'notAllowed';
  const naming = yield* select(selectDownloadNaming);
  const controller = new AbortController();
  try {
    let file;
    try {
      file = yield* call(fetchFile, url, controller.signal);
    } catch (error) {
      const failure = toDownloadFailure(error);
      if (!failure) throw error;
      yield* put(docActions.downloadFailed(failure));
      return 'failed';
    }
    const fileName = downloadFileName({
      ...naming,
      contentDisposition: file.contentDisposition,
      contentType: file.contentType,
    });
    yield* call(saveFile, file.blob, fileName);
    return 'saved';
  } finally {
    if (yield* cancelled()) controller.abort();
  }
}

export const docEffects = {
  fetch: [fetchDocument, { type: 'takeLatest' }],
  download: [downloadDocument, { type: 'takeLeading' }],
} as const;
