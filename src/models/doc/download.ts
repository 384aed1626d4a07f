/**
 * Download (issue 5, contracts §5b `download`, `isFcsDownload`): the `download` effect, its two
 * reducers, and the Ctrl/⌘+S subscription. Policy decides what is reachable: with `download` off
 * there is no URL to fetch, and Ctrl/⌘+S is swallowed so the browser's "Save page" never runs.
 */
import { effectActions, reducerActions } from '../../runtime';
import type { Action, EffectCommands, SubscriptionApi } from '../../runtime';
import { fetchFile, saveFile } from '../../services/download';
import { downloadFileName } from '../../services/fileName';
import { HttpError, NetworkError } from '../../services/request';
import { isCommandKey, policyShortcut } from '../policyShortcut';
import type { CommandKeys } from '../policyShortcut';
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

/** Ctrl/⌘+S: Folio's download when `download` allows it, else swallowed (policyShortcut). */
export const isSaveShortcut = (keys: CommandKeys): boolean => isCommandKey(keys, 's');

export function saveShortcut(api: SubscriptionApi): () => void {
  return policyShortcut(api, {
    letter: 's',
    flag: 'download',
    action: () => effectActions('doc', { download: downloadDocument }).download(),
  });
}
