/**
 * The doc model's reducers of the document's fetch (spec §7, contracts §3): its progress, the
 * answer stored, its failure; and the host's amendment of the answer's watermark.
 */
import type { Action } from '../../../runtime';
import type { WatermarkInfo } from '../../../domain/document';
import type { SavedDocument } from '../../../services/facilityDocument';
import { initialDocumentFields } from '../state';
import type { DocError, DocState } from '../state';
import { withPage, withZoom } from '../reading/reducers';

export interface ProgressPayload {
  loadedCount: number;
  pageCount: number;
}

export const fetchReducers = {
  /**
   * Internal (fetch): a fetch began. Another document starts its per-document fields over; the
   * same one (a retry) keeps the reader's page, zoom and signatures.
   */
  fetchStarted: (state: DocState, { payload }: Action<string>): DocState => ({
    ...state,
    ...(payload === state.docId ? {} : initialDocumentFields),
    docId: payload,
    status: 'loading',
    error: undefined,
  }),
  /** Internal (fetch): the facility is still converting; shows its progress. */
  converting: (state: DocState, { payload }: Action<ProgressPayload>): DocState => ({
    ...state,
    status: 'converting',
    docData: { ...state.docData, ...payload },
  }),
  /**
   * Internal (fetch): the document is ready, stored whole as docData (spec §7) with its mimeType
   * beside it (spec §3). Zoom and page are re-clamped, since the new param and page count may
   * exclude the values kept from before.
   */
  save: (state: DocState, { payload }: Action<SavedDocument>): DocState => {
    const saved: DocState = {
      ...state,
      docData: payload.docData,
      mimeType: payload.mimeType,
      status: 'ready',
      error: undefined,
    };
    return withPage(withZoom(saved, saved.zoom), saved.currentPage);
  },
  /** Internal (fetch): the fetch failed; the document shown so far (if any) is kept. */
  failed: (state: DocState, { payload }: Action<DocError>): DocState => ({
    ...state,
    status: 'error',
    error: payload,
  }),
  /** spec §4: merged into the existing watermarkInfo. */
  mergeWatermark: (state: DocState, { payload }: Action<Partial<WatermarkInfo>>): DocState => ({
    ...state,
    docData: { ...state.docData, watermarkInfo: { ...state.docData.watermarkInfo, ...payload } },
  }),
};
