import { useLayoutEffect } from 'react';

/**
 * index.html draws the toolbar's place on a document link before any script runs
 * (`#folio-boot-bar`). Whatever the app shows first takes it away in the same commit: the viewer's
 * own bar (the pages do not move), or a page without one (an error, the empty state).
 */
export function useBootBarReplaced(): void {
  useLayoutEffect(() => {
    document.getElementById('folio-boot-bar')?.remove();
  }, []);
}
