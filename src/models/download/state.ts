/**
 * The `download` model's state (behaviour.md, "The facility's policy", contracts §5b `download`):
 * a failed download the reader has not been told about yet. What is downloaded is the doc model's
 * (its URLs and policy); the bytes are never in the store.
 */

/** Why the last download failed: a status for an HTTP answer outside 2xx; none when no answer came. */
export interface DownloadFailure {
  status?: number;
}

export interface DownloadState {
  /** Set when a download failed and the reader has not been told yet. */
  failure: DownloadFailure | undefined;
}

export const initialDownloadState: DownloadState = { failure: undefined };
