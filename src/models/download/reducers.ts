import type { Action } from '../../runtime';
import { initialDownloadState } from './state';
import type { DownloadFailure, DownloadState } from './state';

export const downloadReducers = {
  /** A download (this model's or the signed copy's) failed: the reader is to be told. */
  failed: (state: DownloadState, { payload }: Action<DownloadFailure>): DownloadState => ({
    ...state,
    failure: { ...payload },
  }),
  /** The reader has been told about the failed download. */
  failureShown: (state: DownloadState): DownloadState =>
    state.failure === undefined ? state : { ...state, failure: undefined },
  /** Internal (forget): another document is fetched; its failure is not this one's. */
  forgotten: (state: DownloadState): DownloadState =>
    state.failure === undefined ? state : initialDownloadState,
};
