import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { openDocument, OpenError } from '../../services/pdf/openDocument';
import { adoptEarly, releaseOpen } from '../../services/pdf/earlyOpen';
import type { OpenedDocument, OpenFailure } from '../../services/pdf/openDocument';
import { useAppSelector } from '../../app';
import type { PDFDocumentProxy } from '../../services/pdf/pdfjs';

export interface PasswordRequest {
  reason: 'needed' | 'incorrect';
  submit: (password: string) => void;
  cancel: () => void;
}

export type PdfLoad =
  | { kind: 'loading'; loaded: number; total: number; password?: PasswordRequest }
  | { kind: 'ready'; pdf: PDFDocumentProxy }
  | { kind: 'failed'; failure: OpenFailure };

/**
 * Opens the PDF at `url` with pdf.js and follows it to ready or failed; asks for a password through
 * the returned state. `reload()` opens it again (Retry, or a new password after a cancel). A new
 * `url` needs a new component (key it by url).
 */
export function usePdfDocument(url: string): { load: PdfLoad; reload: () => void } {
  const [load, setLoad] = useState<PdfLoad>({ kind: 'loading', loaded: 0, total: 0 });
  const [attempt, setAttempt] = useState(0);
  const current = useRef<OpenedDocument | undefined>(undefined);
  const pageShown = useAppSelector((state) => state.doc.pageShown);

  // A layout effect: pdf.js starts opening in the commit that mounts this, not a frame later.
  // Retry (a new attempt) always opens afresh.
  useLayoutEffect(() => {
    let live = true;
    // The open the page started while the facility answered, if it was of this very URL.
    const opened = adoptEarly(url) ?? openDocument(url);
    current.current = opened;
    opened.attach({
      onProgress: (loaded, total) => {
        if (live) setLoad((s) => (s.kind === 'loading' ? { ...s, loaded, total } : s));
      },
      askPassword: (reason) =>
        new Promise<string | null>((resolve) => {
          const settle = (value: string | null) => {
            if (live) setLoad((s) => (s.kind === 'loading' ? { ...s, password: undefined } : s));
            resolve(value);
          };
          if (!live) {
            resolve(null);
            return;
          }
          setLoad((s) => ({
            kind: 'loading',
            loaded: s.kind === 'loading' ? s.loaded : 0,
            total: s.kind === 'loading' ? s.total : 0,
            password: {
              reason,
              submit: settle,
              cancel: () => {
                settle(null);
              },
            },
          }));
        }),
    });
    let failed = false;
    opened.promise.then(
      (pdf) => {
        if (live) setLoad({ kind: 'ready', pdf });
      },
      (error: unknown) => {
        failed = true;
        if (!live) return;
        setLoad({
          kind: 'failed',
          failure: error instanceof OpenError ? error.failure : { kind: 'invalid' },
        });
      },
    );
    return () => {
      live = false;
      // A failed open is done with (Retry opens afresh); a live one may be taken over again.
      if (failed) opened.destroy();
      else releaseOpen(url, opened);
    };
  }, [url, attempt]);

  // The rest of the file once page 1 shows: until then page 1's ranges have the link to themselves.
  useEffect(() => {
    if (pageShown) current.current?.loadRest();
  }, [pageShown, url, attempt]);

  const reload = useCallback(() => {
    setLoad({ kind: 'loading', loaded: 0, total: 0 });
    setAttempt((n) => n + 1);
  }, []);
  return { load, reload };
}
