import { useCallback, useLayoutEffect, useState } from 'react';
import { openDocument, OpenError } from '../../services/pdf/openDocument';
import type { OpenFailure } from '../../services/pdf/openDocument';
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

  // A layout effect: pdf.js starts opening in the commit that mounts this, not a frame later.
  useLayoutEffect(() => {
    let live = true;
    const opened = openDocument(url, {
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
    opened.promise.then(
      (pdf) => {
        if (live) setLoad({ kind: 'ready', pdf });
      },
      (error: unknown) => {
        if (!live) return;
        setLoad({
          kind: 'failed',
          failure: error instanceof OpenError ? error.failure : { kind: 'invalid' },
        });
      },
    );
    return () => {
      live = false;
      void opened.task.destroy();
    };
  }, [url, attempt]);

  const reload = useCallback(() => {
    setLoad({ kind: 'loading', loaded: 0, total: 0 });
    setAttempt((n) => n + 1);
  }, []);
  return { load, reload };
}
