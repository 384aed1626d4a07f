/**
 * Download (issue 5, DESIGN §5b `download`, `isFcsDownload`): the `download` effect, its two
 * reducers, and the Ctrl/⌘+S subscription. Policy decides what is reachable: with `download` off
 * there is no URL to fetch, and Ctrl/⌘+S is swallowed so the browser's "Save page" never runs.
 */
import { reducerActions } from '../../runtime';
import type { Action, EffectCommands, SubscriptionApi } from '../../runtime';
import { fetchFile, saveFile } from '../../services/download';
import { downloadFileName } from '../../services/fileName';
import { HttpError, NetworkError } from '../../services/request';
import { selectDownloadUrl } from './selectors';
import type { DocState, DownloadFailure } from './state';

export const downloadReducers = {
  /** Internal (download): the reader is to be told that the download failed. */
  downloadFailed: (state: DocState, { payload }: Action<DownloadFailure>): DocState => ({
    ...state,
    downloadFailure: { ...payload },
  }),
  /** The reader has been told about the failed download. */
  downloadFailureShown: (state: DocState): DocState =>
    state.downloadFailure === undefined ? state : { ...state, downloadFailure: undefined },
};

const actions = reducerActions('doc', downloadReducers);

/** `notAllowed`: the policy forbids downloads, or there is no document to download yet. */
export type DownloadOutcome = 'saved' | 'failed' | 'notAllowed';

interface WithDoc {
  doc: DocState;
}

const selectNaming = ({ doc }: WithDoc) => ({
  title: doc.docData.title,
  source: doc.docData.param.isFcsDownload ? ('original' as const) : ('viewed' as const),
  mimeType: doc.mimeType,
});

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
export function* downloadDocument(
  _action: Action,
  { call, put, select, cancelled }: EffectCommands,
): Generator<unknown, DownloadOutcome, unknown> {
  const url = yield* select(selectDownloadUrl);
  if (url === undefined) return 'notAllowed';
  const naming = yield* select(selectNaming);
  const controller = new AbortController();
  try {
    let file;
    try {
      file = yield* call(fetchFile, url, controller.signal);
    } catch (error) {
      const failure = toDownloadFailure(error);
      if (!failure) throw error;
      yield* put(actions.downloadFailed(failure));
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

export type SaveKeys = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/**
 * Ctrl+S or ⌘+S, with or without Shift (Save as). `code` too: on a non-Latin layout `key` is
 * another letter while the browser still saves.
 */
export function isSaveShortcut({ key, code, ctrlKey, metaKey, altKey }: SaveKeys): boolean {
  if (altKey || ctrlKey === metaKey) return false;
  return key.toLowerCase() === 's' || code === 'KeyS';
}

const selectSavePolicy = ({ doc }: WithDoc) =>
  doc.status === 'ready' && doc.docData.param.download ? 'download' : doc.docData.param.download;

/**
 * Ctrl/⌘+S. On the window in the capture phase, so no element can stop it first. With `download`
 * off (the policy of the document shown or last shown) it is swallowed; with a document shown and
 * `download` on it downloads. Before any document it is the browser's.
 */
export function saveShortcut({ dispatch, select }: SubscriptionApi): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isSaveShortcut(event)) return;
    const policy = select(selectSavePolicy);
    if (policy === true) return;
    event.preventDefault();
    if (policy === 'download' && !event.repeat)
      void dispatch({ type: 'download', payload: undefined });
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  return () => {
    window.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}
