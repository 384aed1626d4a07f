import { useCallback } from 'react';
import { useAppDispatch } from '../../app';
import { docModel } from '../../models/doc';
import { useEngine } from '../PdfView/EngineContext';

/**
 * Goes to a page from a side panel: through the model (`setPage`), which moves the view. When the
 * page is already the current one the model does not change, so the engine brings the page's top
 * into view itself (the reader may have scrolled to its bottom).
 */
export function useGoToPage(): (page: number) => void {
  const dispatch = useAppDispatch();
  const engine = useEngine();
  return useCallback(
    (page: number) => {
      dispatch(docModel.actions.setPage(page));
      if (engine?.viewer.currentPageNumber === page) {
        engine.viewer.scrollPageIntoView({ pageNumber: page });
      }
    },
    [dispatch, engine],
  );
}
