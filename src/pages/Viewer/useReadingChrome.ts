import { CHROME_WAIT_MS } from '../../../config/defaults';
import { useAppSelector } from '../../app';
import { selectPdfOpenFailed } from '../../models/doc/selectors';
import { useChunk } from '../../runtime';
import { useTimeElapsed } from '../../components/common/useTimeElapsed';
import type * as ChromeModule from './ReadingChrome';

export type ReadingChrome = typeof ChromeModule;

/**
 * The reading chrome's chunk (`reading-chrome`: its bars, without antd, whose part made with antd
 * comes later in `reading-panels`), asked for once the reader sees something of the document: its
 * first page (or its preview, docs/architecture.md, "Page previews"), a failure to open it, or
 * CHROME_WAIT_MS of waiting. So its bytes never share the link with the ranges page 1 waits for
 * (docs/decisions/2026-11-25-reading-chrome-chunk.md), and the page keeps its two chunks
 * (contracts §2). Until it has loaded, undefined; a failure reaches the page's boundary.
 */
export function useReadingChrome(): ReadingChrome | undefined {
  // With previews page 1 no longer waits for pdf.js's ranges: the chrome's bytes may come now.
  const pageShown = useAppSelector(
    (state) => state.doc.pageShown || state.doc.previewShown || state.doc.previews !== undefined,
  );
  const openFailed = useAppSelector(selectPdfOpenFailed);
  const waited = useTimeElapsed(CHROME_WAIT_MS);
  const due = pageShown || openFailed || waited;

  return useChunk(due ? loadChrome : undefined);
}

/** After the next frame: evaluating the chrome must not hold back the one that shows the page. */
function loadChrome(): Promise<ReadingChrome> {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  }).then(
    () =>
      // Low priority: asked for with previews, its bytes must not go ahead of pdf.js's ranges.
      import(
        /* webpackChunkName: "reading-chrome" */ /* webpackFetchPriority: "low" */ './ReadingChrome'
      ),
  );
}
