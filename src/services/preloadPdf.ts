/**
 * Starts the PDF's download the moment the facility names it, while the page's chunks and React
 * are still on their way; pdf.js's own first request (a CORS GET, same-origin credentials, no
 * Range) is then answered from this preload. Outside a browser it does nothing.
 */
export function preloadPdf(url: string): void {
  if (typeof document === 'undefined') return;
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
