type PdfNamedListener = (url: string) => void;

const listeners = new Set<PdfNamedListener>();
let lastNamed: string | undefined;

/**
 * Starts the PDF's download the moment the facility names it, while the page's chunks and React
 * are still on their way; pdf.js's own first request (a CORS GET, same-origin credentials, no
 * Range) is then answered from this preload. It also tells the viewer chunk, which opens the
 * document with pdf.js (services/pdf/preopen.ts) before React has built the viewer around it.
 * Outside a browser it does nothing.
 */
export function preloadPdf(url: string): void {
  if (typeof document === 'undefined') return;
  lastNamed = url;
  listeners.forEach((listener) => {
    listener(url);
  });
  const already = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some(
    (link) => link.href === url,
  );
  if (already) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = url;
  document.head.append(link);
}

/**
 * Hears each PDF named from now on, and at once the last one named before: the viewer chunk may
 * run before or after the facility answers.
 */
export function onPdfNamed(listener: PdfNamedListener): () => void {
  listeners.add(listener);
  if (lastNamed !== undefined) listener(lastNamed);
  return () => {
    listeners.delete(listener);
  };
}
