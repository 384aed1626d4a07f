/**
 * The `download` model's effects.
 *
 * - `download` (behaviour.md, "The facility's policy", contracts §5b `download`, `isFcsDownload`):
 *   policy decides what is reachable; with `download` off there is no URL to fetch.
 * - `forget` (watcher): a failure not yet told goes with its document when another is fetched.
 */
import { fetchFile, saveFile } from '../../services/download';
import { downloadFileName } from '../../services/fileName';
import { HttpError, NetworkError } from '../../services/request';
import type { Action, EffectCommands, EffectGenerator } from '../../runtime';
import { forgetOnNewDocument } from '../shared/newDocument';
import { downloadActions as own } from './actions';
import { selectDownloadNaming, selectDownloadUrl } from './selectors';
import type { DownloadFailure } from './state';

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
): EffectGenerator<DownloadOutcome> {
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
      yield* put(own.failed(failure));
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

function* forget(_action: Action, commands: EffectCommands): EffectGenerator<never> {
  return yield* forgetOnNewDocument(commands, function* () {
    yield* commands.put(own.forgotten());
  });
}

export const downloadEffects = {
  download: [downloadDocument, { type: 'takeLeading' }],
  forget: [forget, { type: 'watcher' }],
} as const;
