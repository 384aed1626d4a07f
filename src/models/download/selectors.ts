/** What Download derives from the store: which file it may fetch, how it is named, what failed. */
import { selectFileUrl, selectOriginalUrl } from '../doc/selectors';
import type { DocState } from '../doc/state';
import { VIEW_TRAITS } from '../../domain/view';
import type { DownloadFailure, DownloadState } from './state';

interface WithDoc {
  doc: DocState;
}

/**
 * Download's file is the original: when `isFcsDownload`, and in a view with no viewed file (a
 * listing's, a sheet's or media's file is an archive, a workbook, a video).
 */
const downloadsOriginal = ({ doc }: WithDoc): boolean =>
  doc.docData.param.isFcsDownload || !VIEW_TRAITS[doc.docData.view].viewedFile;

/**
 * What Download fetches (contracts §5b): nothing unless `download`; the facility's original when
 * `isFcsDownload`, else the viewed PDF.
 */
export const selectDownloadUrl = (state: WithDoc): string | undefined => {
  if (!state.doc.docData.param.download) return undefined;
  return downloadsOriginal(state) ? selectOriginalUrl(state) : selectFileUrl(state);
};

/** How a download is named: the title, which file it is, its MIME type (for the effect: a new object each call). */
export const selectDownloadNaming = ({ doc }: WithDoc) => ({
  title: doc.docData.title,
  source: downloadsOriginal({ doc }) ? ('original' as const) : ('viewed' as const),
  mimeType: doc.mimeType,
});

/** The failed download the reader has not been told about yet. */
export const selectDownloadFailure = ({
  download,
}: {
  download: DownloadState;
}): DownloadFailure | undefined => download.failure;
