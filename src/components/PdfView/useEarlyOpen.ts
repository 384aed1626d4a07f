import { useLayoutEffect } from 'react';
import { useAppSelector } from '../../app';
import { dropEarly, openEarly } from '../../services/pdf/earlyOpen';

/**
 * While the facility's answer is on its way, pdf.js starts on the URL the PDF is expected at
 * (services/pdf/earlyOpen.ts); PdfDocument adopts that open when the answer names the same URL.
 * A conversion still running or an error drops it, and so does leaving the document.
 */
export function useEarlyOpen(): void {
  const status = useAppSelector(({ doc }) => doc.status);
  const expected = useAppSelector(({ doc }) => doc.expectedFileUrl);
  useLayoutEffect(() => {
    if (status === 'loading' && expected !== undefined) openEarly(expected);
    // Ready: PdfDocument, mounting in this same commit, has already taken it or dropped it.
    else if (status !== 'ready') dropEarly();
  }, [status, expected]);
  // Not in the effect above: its cleanup would run before PdfDocument could take the open over.
  useLayoutEffect(() => dropEarly, []);
}
