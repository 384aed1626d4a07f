import { useEffect, useState } from 'react';
import { CHROME_WAIT_MS } from '../../../config/defaults';
import { useOpenFailed, usePageShown } from '../../components/PdfView/EngineContext';
import type * as ChromeModule from './ReadingChrome';

export type ReadingChrome = typeof ChromeModule;

type Loaded =
  | { kind: 'waiting' }
  | { kind: 'ready'; chrome: ReadingChrome }
  | { kind: 'failed'; error: unknown };

/**
 * The reading chrome's module, once the reader sees something of the document: its first page,
 * a failure to open it, or CHROME_WAIT_MS of waiting. Until then, undefined.
 *
 * The import is eager (webpack keeps the module in the viewer's own chunk: spec §2's two chunks
 * stay two); only its evaluation waits. A failure to evaluate it reaches the page's error boundary.
 */
export function useReadingChrome(): ReadingChrome | undefined {
  const pageShown = usePageShown();
  const openFailed = useOpenFailed();
  const [waited, setWaited] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'waiting' });
  const due = pageShown || openFailed || waited;

  useEffect(() => {
    const timer = setTimeout(() => {
      setWaited(true);
    }, CHROME_WAIT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!due) return undefined;
    let live = true;
    const load = () => {
      import(/* webpackMode: "eager" */ './ReadingChrome').then(
        (chrome) => {
          if (live) setLoaded({ kind: 'ready', chrome });
        },
        (error: unknown) => {
          if (live) setLoaded({ kind: 'failed', error });
        },
      );
    };
    // After the next frame: evaluating the chrome must not hold back the one that shows the page.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(load, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [due]);

  if (loaded.kind === 'failed') throw loaded.error;
  return loaded.kind === 'ready' ? loaded.chrome : undefined;
}
