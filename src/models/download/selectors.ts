/** What Download derives from the store: which file it may fetch, how it is named, what failed. */
import { selectFileUrl, selectOriginalUrl } from '../doc/selectors';
import type { DocState } from '../doc/state';
import type { DownloadFailure, DownloadState } from './state';

interface WithDoc {
  doc: DocState;
}

/**
 * What Download fetches (contracts §5b): nothing unless `download`; the facility's original when
 * `isFcsDownload`, else the viewed PDF.
 */
export const selectDownloadUrl = (state: WithDoc): string | undefined => {
  const { download, isFcsDownload } = state.doc.docData.param;
  if (!download) return undefined;
  // A listing's, a sheet's or media's file is the original (an archive, a workbook, a video): no
  // viewed PDF is on screen.
  if (state.doc.docData.view !== 'pages') return selectOriginalUrl(state);
  return isFcsDownload ? selectOriginalUrl(state) : selectFileUrl(state);
};

/** How a download is named: the title, which file it is, its MIME type (for the effect: a new object each call). */
export const selectDownloadNaming = ({ doc }: WithDoc) => ({
  title: doc.docData.title,
  source:
    doc.docData.param.isFcsDownload || doc.docData.view !== 'pages'
      ? ('original' as const)
      : ('viewed' as const),
  mimeType: doc.mimeType,
});

/** The failed download the reader has not been told about yet. */
export const selectDownloadFailure = ({
  download,
}: {
  download: DownloadState;
}): DownloadFailure | undefined => download.failure;
