/**
 * The facility's answer about the document, asked for by index.html's boot script before the
 * entry script had even loaded (docs/decisions/2026-11-25-range-first.md: the answer is on its way while the scripts are). The
 * app's first request takes it over when it is for the very same URL; any other first request
 * cancels it, and the app asks for itself.
 */
interface EarlyAnswer {
  url: string;
  response: Promise<Response>;
  abort: () => void;
}

declare global {
  interface Window {
    /** Set by index.html's boot script on a document link. */
    folioEarlyAnswer?: unknown;
  }
}

function isEarlyAnswer(value: unknown): value is EarlyAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { url, response, abort } = value as Record<string, unknown>;
  return typeof url === 'string' && response instanceof Promise && typeof abort === 'function';
}

/** The response already on its way for `url`, cancelled with `signal`; once only. */
export function takeEarlyAnswer(url: string, signal: AbortSignal): Promise<Response> | undefined {
  const holder = globalThis as { folioEarlyAnswer?: unknown };
  const early = holder.folioEarlyAnswer;
  if (early === undefined) return undefined;
  delete holder.folioEarlyAnswer;
  if (!isEarlyAnswer(early)) return undefined;
  if (early.url !== url) {
    early.abort();
    return undefined;
  }
  if (signal.aborted) early.abort();
  else signal.addEventListener('abort', early.abort, { once: true });
  return early.response;
}
