/**
 * The facility's answer about the document, asked for by the boot (earlyRequests.ts) before the
 * entry script had even loaded (docs/decisions/2026-11-25-range-first.md: the answer is on its
 * way while the scripts are). The app's first request takes it over when it is for the very same URL; any other first request
 * cancels it, and the app asks for itself. So does page 1's preview, which the boot script asks
 * for once that answer names previews (takeEarlyPreview).
 */
interface EarlyAnswer {
  url: string;
  response: Promise<Response>;
  abort: () => void;
}

declare global {
  interface Window {
    /** Set by the boot (src/boot/earlyRequests.ts) on a document link. */
    folioEarlyAnswer?: unknown;
    /** Set with it: page 1's preview, once the answer names one (contracts §3 `previews`). */
    folioEarlyPreview?: unknown;
    /** The PDF's first ranges, once the answer names the file and the preview is in. */
    folioEarlyContent?: unknown;
    /** Set by the first frame (src/boot/firstFrame/): page 1's preview, decoded, as an object URL. */
    folioDecodedPreview?: unknown;
  }
}

function isEarlyAnswer(value: unknown): value is EarlyAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { url, response, abort } = value as Record<string, unknown>;
  return typeof url === 'string' && response instanceof Promise && typeof abort === 'function';
}

/**
 * Whether what the boot script asked for is for `url`: if so it is the app's now, cancelled with
 * `signal`; if not it is cancelled.
 */
function handedOver(early: { url: string; abort: () => void }, url: string, signal: AbortSignal) {
  if (early.url !== url || signal.aborted) {
    early.abort();
    return early.url === url;
  }
  signal.addEventListener('abort', early.abort, { once: true });
  return true;
}

/** The response already on its way for `url`, cancelled with `signal`; once only. */
export function takeEarlyAnswer(url: string, signal: AbortSignal): Promise<Response> | undefined {
  const holder = globalThis as { folioEarlyAnswer?: unknown };
  const early = holder.folioEarlyAnswer;
  if (early === undefined) return undefined;
  delete holder.folioEarlyAnswer;
  if (!isEarlyAnswer(early) || !handedOver(early, url, signal)) return undefined;
  return early.response;
}

/** Page 1's preview as the boot script asked for it, with the answer that named it. */
export interface EarlyPreviewAsked {
  url: string;
  response: Promise<Response>;
  /** The facility's answer, as parsed JSON: not validated yet. */
  answer: unknown;
}

interface EarlyPreview {
  preview: Promise<EarlyPreviewAsked | undefined>;
  abort: () => void;
}

function isEarlyPreview(value: unknown): value is EarlyPreview {
  if (typeof value !== 'object' || value === null) return false;
  const { preview, abort } = value as Record<string, unknown>;
  return preview instanceof Promise && typeof abort === 'function';
}

/**
 * Whether the boot script chose to show no preview this time: the server is near and has not
 * drawn page 1's yet, so pdf.js's page comes as soon (docs/decisions/2026-11-28-near-cold-preview.md).
 * Known once its answer is in; asked once only (a later document is not this one).
 */
export async function takePreviewsDeclined(): Promise<boolean> {
  const holder = globalThis as { folioEarlyPreview?: unknown };
  const early = holder.folioEarlyPreview;
  if (!isEarlyPreview(early)) return false;
  await early.preview;
  if (!(early as { declined?: unknown }).declined) return false;
  if (holder.folioEarlyPreview === early) delete holder.folioEarlyPreview;
  return true;
}

/**
 * What the boot script asked for as page 1's preview, leaving it to the app: the first frame
 * (src/boot/firstFrame/) draws it before the app has loaded.
 */
export function peekEarlyPreview(): Promise<EarlyPreviewAsked | undefined> | undefined {
  const early = (globalThis as { folioEarlyPreview?: unknown }).folioEarlyPreview;
  return isEarlyPreview(early) ? early.preview : undefined;
}

/**
 * The first frame has decoded page 1's preview (`url`) from the object URL `src`. The app shows
 * that same object URL, so the browser decodes the image once, not once per element
 * (docs/decisions/2026-11-27-one-decode.md).
 */
export function offerDecodedPreview(url: string, src: string): void {
  dropDecodedPreview();
  (globalThis as { folioDecodedPreview?: unknown }).folioDecodedPreview = { url, src };
}

/** What the first frame offered, taken off `window`; once only. */
function takeOffered(): { url: unknown; src: string } | undefined {
  const holder = globalThis as { folioDecodedPreview?: unknown };
  const offered = holder.folioDecodedPreview as { url?: unknown; src?: unknown } | undefined;
  delete holder.folioDecodedPreview;
  return typeof offered?.src === 'string' ? { url: offered.url, src: offered.src } : undefined;
}

/** The first frame's object URL, if the app has not taken it, is released (the frame is gone). */
export function dropDecodedPreview(): void {
  const offered = takeOffered();
  if (offered) URL.revokeObjectURL(offered.src);
}

/** The first frame's object URL when it is of `url`; another URL's is released. */
function takeDecodedPreview(url: string): string | undefined {
  const offered = takeOffered();
  if (offered?.url === url) return offered.src;
  if (offered) URL.revokeObjectURL(offered.src);
  return undefined;
}

/**
 * Page 1's preview image as the boot script asked for it, when that is `url`; once only. It is
 * known once the facility's answer is in, which the app has read before it asks for any preview.
 * Another URL (the first layout came out otherwise) cancels it. `decoded`: the object URL the
 * first frame made of it, if it has (the app then owns it).
 */
export async function takeEarlyPreview(
  url: string,
): Promise<{ response: Promise<Response>; decoded?: string } | undefined> {
  const holder = globalThis as { folioEarlyPreview?: unknown };
  const early = holder.folioEarlyPreview;
  if (early === undefined) return undefined;
  delete holder.folioEarlyPreview;
  if (!isEarlyPreview(early)) return undefined;
  const asked = await early.preview;
  if (asked?.url !== url) {
    early.abort();
    dropDecodedPreview();
    return undefined;
  }
  return { response: asked.response, decoded: takeDecodedPreview(url) };
}

/** The PDF's head and tail as the boot script asked for them (byteSource.ts's first two ranges). */
export interface EarlyContent {
  head: Promise<Response>;
  /** Undefined when the head says there is no tail to ask for. */
  tail: Promise<Response | undefined>;
  /** The other ranges page 1 needs (contracts §3 `firstPageRanges`), `end` exclusive. */
  ranges: Promise<EarlyRange[]>;
}

export interface EarlyRange {
  begin: number;
  end: number;
  response: Promise<Response>;
}

/** The well-formed of what the boot script says it asked for. */
function earlyRanges(value: unknown): EarlyRange[] {
  if (!Array.isArray(value)) return [];
  return value.filter((range: unknown): range is EarlyRange => {
    if (typeof range !== 'object' || range === null) return false;
    const { begin, end, response } = range as Record<string, unknown>;
    return (
      Number.isSafeInteger(begin) &&
      Number.isSafeInteger(end) &&
      (begin as number) < (end as number) &&
      response instanceof Promise
    );
  });
}

function isEarlyContent(
  value: unknown,
): value is Omit<EarlyContent, 'ranges'> & { url: string; abort: () => void } {
  if (typeof value !== 'object' || value === null) return false;
  const { url, head, tail, abort } = value as Record<string, unknown>;
  return (
    typeof url === 'string' &&
    head instanceof Promise &&
    tail instanceof Promise &&
    typeof abort === 'function'
  );
}

/**
 * The PDF's first ranges already on their way for `url`, cancelled with `signal`; once only. Taking
 * them, asked for or not yet, stops the boot script from asking later: the app has asked itself.
 */
export function takeEarlyContent(url: string, signal: AbortSignal): EarlyContent | undefined {
  const holder = globalThis as { folioEarlyContent?: unknown };
  const early = holder.folioEarlyContent;
  holder.folioEarlyContent = false;
  if (!isEarlyContent(early) || !handedOver(early, url, signal)) return undefined;
  const { ranges } = early as { ranges?: unknown };
  return {
    head: early.head,
    tail: early.tail,
    ranges: ranges instanceof Promise ? ranges.then(earlyRanges, () => []) : Promise.resolve([]),
  };
}
