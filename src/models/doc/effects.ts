/**
 * The document fetch (SPEC §7, DESIGN §3): ask the facility, poll with backoff while it converts,
 * store the answer. Every expected failure ends as `status: 'error'` with a typed DocError and a
 * resolved dispatch; only a bug rejects.
 */
import { effectActions, reducerActions } from '../../runtime';
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
import { downloadDocument } from './download';
import { docReducers } from './reducers';
import type { SavePayload } from './reducers';
import type { DocError } from './state';

export const docReducerActions = reducerActions('doc', docReducers);

/**
 * Polling while the facility converts: 500 ms, ×1.5 each time, at most 5 s apart, and given up
 * (as a timeout) once 10 minutes of waiting have not finished the conversion.
 */
export const POLL = { firstDelayMs: 500, factor: 1.5, maxDelayMs: 5_000, maxTotalMs: 600_000 };

/** HTTP statuses that mean "there is no such document" rather than "the facility failed". */
const NOT_FOUND = new Set([400, 404, 410]);

/** The facility's error codes for a conversion it could not do (DESIGN §3, mock/README.md). */
const CONVERSION_ERRORS: Readonly<Partial<Record<string, DocError['kind']>>> = {
  conversion_failed: 'conversionFailed',
  converter_not_installed: 'converterMissing',
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
  yield* put(docReducerActions.fetchStarted(id));
  const controller = new AbortController();
  let settled = false;
  try {
    const settings = readSettings();
    const client = createPreviewClient(settings.previewApi, {
      timeoutMs: settings.previewTimeoutMs,
    });
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
        yield* put(docReducerActions.failed(docError));
        return 'error';
      }
      if (doc.loadedCount >= doc.pageCount) {
        settled = true;
        yield* put(docReducerActions.save(toSavePayload(doc)));
        return 'ready';
      }
      const { loadedCount, pageCount } = doc;
      yield* put(docReducerActions.converting({ loadedCount, pageCount }));
      if (waitedMs >= POLL.maxTotalMs) {
        settled = true;
        yield* put(docReducerActions.failed({ kind: 'timeout' }));
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
    else if (!settled) yield* put(docReducerActions.failed({ kind: 'facility' }));
  }
}

export const docEffects = {
  fetch: [fetchDocument, { type: 'takeLatest' }],
  download: [downloadDocument, { type: 'takeLeading' }],
} as const;

/** The effects' creators, for the model's subscriptions and selectors. */
export const docEffectActions = effectActions('doc', docEffects);
