import { useCallback } from 'react';
import { useAppDispatch } from '../../app';
import { docActions } from '../../models/doc';
import { documentSession } from '../../services/pdf/session';
import { NARROW_SCREEN_QUERY } from '../../../config/defaults';

/**
 * Goes to a page from a side panel: through the model (`setPage`), which moves the view. When the
 * page is already the current one the model does not change, so the engine brings the page's top
 * into view itself (the reader may have scrolled to its bottom). On narrow screens, where the
 * panel lies over the pages, the panel closes so that the page is seen.
 */
export function useGoToPage(): (page: number) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (page: number) => {
      dispatch(docActions.setPage(page));
      documentSession.revealPage(page);
      if ('matchMedia' in window && window.matchMedia(NARROW_SCREEN_QUERY).matches) {
        dispatch(docActions.setThumbnail(false));
        dispatch(docActions.setOutline(false));
      }
    },
    [dispatch],
  );
}
