/**
 * What the boot asks the facility for before the app's scripts have loaded
 * (docs/decisions/2026-11-25-range-first.md): the answer about the document, page 1's preview once
 * the answer names one, and the PDF's first ranges. Each is left on `window` for the app to take
 * over (earlyAnswer.ts), which asks for itself whatever is not there. Every rule is the app's own,
 * imported: the id and path (url/docId, facilityDocument's documentPath), the token and
 * credentials (url/token, services/facilityAuth), the preview's width (services/pagePreviewUrl),
 * the ranges (services/pdf/firstRanges).
 */
import type { PageSize } from '../domain/document';
import { facilityCredentials } from '../services/facilityAuth';
import { documentPath, isAddressable } from '../services/facilityPaths';
import { firstPageWidth, previewImageUrl, previewWidthFor } from '../services/pagePreviewUrl';
import { HEAD_BYTES, namedRanges, rangesToAsk, tailFrom } from '../services/pdf/firstRanges';
import { readSettings } from '../services/settings';
import { parseHash } from '../url/hash';
import { readLink } from '../url/link';
import { pageLocation } from '../url/location';
import { readUrlToken } from '../url/token';
import { openEarlyStage } from './stage/earlyStage';

/** What the boot does once it knows the server is still drawing page 1's preview. */
export interface EarlyRequests {
  serverDrawing: () => void;
}

/** Near the server, a page that came in within this many ms (docs/decisions/2026-11-28-near-cold-preview.md). */
const NEAR_MS = 35;

/** Whether the page came from a server near this browser (by NEAR_MS; its first byte while it loads). */
export function nearServer(): boolean {
  // Not every place the boot runs has navigation timing (jsdom has none): then not near.
  if (typeof performance.getEntriesByType !== 'function') return false;
  const page = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (!page) return false;
  const came = page.responseEnd > 0 ? page.responseEnd : page.responseStart;
  return came > 0 && came - page.requestStart < NEAR_MS;
}
/** A fileUrl longer than this is not asked for. */
const MAX_FILE_URL = 2048;

type Body = Record<string, unknown> | undefined;

/** Settles once `asked` has come in whole (or failed), leaving its body to the app. */
function whole(asked: Promise<Response | undefined>): Promise<unknown> {
  return asked.then((got) => got?.clone().arrayBuffer()).catch(() => undefined);
}

/** `fetch`, its failure left to whoever reads the response. */
function quietFetch(url: string, init: RequestInit): Promise<Response> {
  const asked = fetch(url, init);
  asked.catch(() => undefined);
  return asked;
}

/** The length of the file the head's answer is a range of; 0 when it is none. */
function sizeOf(head: Response): number {
  const length = /^bytes 0-\d+\/(\d+)$/.exec((head.headers.get('Content-Range') ?? '').trim());
  return head.status === 206 && length ? Number(length[1]) : 0;
}

/**
 * The width of page 1's preview that the app's first layout asks for, and the answer's URL
 * template and what it says is drawn; undefined when the answer offers none or does not say how
 * wide page 1 is.
 */
function offeredPreview(body: Body): { url: string; width: number; drawn: unknown } | undefined {
  const offered = body?.previews as Record<string, unknown> | undefined;
  const sizes = body?.pageSize;
  const size = (Array.isArray(sizes) ? sizes[0] : undefined) as PageSize | undefined;
  if (typeof offered?.url !== 'string' || !Array.isArray(offered.widths)) return undefined;
  if (!size || !(size.width > 0)) return undefined;
  const widths = (offered.widths as number[]).slice().sort((a, b) => a - b);
  const css = firstPageWidth(size, { zoom: 1, zoomChosen: false });
  if (css === undefined) return undefined;
  const width = previewWidthFor(widths, css, window.devicePixelRatio || 1);
  return { url: offered.url, width, drawn: offered.drawn };
}

/**
 * The view an answer says (contracts §3 `view`): `pages` when it says none; undefined for what is
 * not an answer (a failure, no body).
 */
function viewOf(body: Body): string | undefined {
  if (body === undefined) return undefined;
  return typeof body.view === 'string' ? body.view : 'pages';
}

/**
 * Asks for the document the page's link names, if it names one the app would ask for; sets
 * `window.folioEarlyAnswer`, `folioEarlyPreview` and, in time, `folioEarlyContent`.
 */
export function askEarly(
  /** The build has the stage (stage/): it may draw page 1. */
  withStage: boolean,
  /**
   * Told the view the answer says the moment it is in, before anything is asked for it; undefined
   * when there is no answer to read (start.ts starts what a view needs: pdf.js's worker, a chunk).
   */
  answered: (view: string | undefined) => void = () => undefined,
): EarlyRequests | undefined {
  const page = pageLocation();
  const { doc, hash } = readLink(page);
  const view = parseHash(hash);
  if (doc.kind !== 'id' || !isAddressable(doc.id)) return undefined;
  const api = new URL(readSettings().previewApi, document.baseURI);
  const answerUrl = new URL(documentPath(doc.id), api).href;
  const { token } = readUrlToken(page.search, page.hash);
  const authorization: Record<string, string> =
    token === undefined ? {} : { Authorization: `Bearer ${token}` };
  const credentials = facilityCredentials();
  const controller = new AbortController();
  const response = quietFetch(answerUrl, {
    signal: controller.signal,
    headers: { Accept: 'application/json', ...authorization },
    credentials,
  });
  window.folioEarlyAnswer = {
    url: answerUrl,
    response,
    abort: () => {
      controller.abort();
    },
  };

  // The PDF's head, its tail (where a file not linearized keeps its xref) and the other ranges
  // the answer names for page 1, once it names the finished file; byteSource.ts takes them over.
  // Asked for once page 1's preview is in, or at once when there is none: on a slow link they
  // would share it with the preview (docs/decisions/2026-11-26-after-the-preview.md).
  const contentController = new AbortController();
  const askContentOf = (body: Body): Promise<unknown> | undefined => {
    if (window.folioEarlyContent !== undefined) return undefined;
    const file = body?.fileUrl;
    const { loadedCount, pageCount, view } = body ?? {};
    // Only a document shown as pages has a PDF to read before page 1 (contracts §3 `view`): a
    // sheet names its PDF for printing only, and an archive or media has none.
    if (view !== undefined && view !== 'pages') return undefined;
    const ready =
      loadedCount === undefined ||
      (typeof pageCount === 'number' &&
        typeof loadedCount === 'number' &&
        loadedCount >= pageCount);
    if (!ready || typeof file !== 'string' || !file.trim() || file.length > MAX_FILE_URL) {
      return undefined;
    }
    const url = new URL(file.trim(), api);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const ask = (from: number, to: number) =>
      quietFetch(url.href, {
        signal: contentController.signal,
        headers: { Range: `bytes=${String(from)}-${String(to)}`, ...authorization },
        credentials,
      });
    const head = ask(0, HEAD_BYTES - 1);
    const sized = head.then(sizeOf);
    const tail = sized.then((total) =>
      total <= HEAD_BYTES ? undefined : ask(tailFrom(total), total - 1),
    );
    // With the tail: pdf.js would otherwise find them a round trip at a time.
    const ranges = sized.then((total) =>
      rangesToAsk(namedRanges(body?.firstPageRanges), total).map(({ begin, end }) => ({
        begin,
        end,
        response: ask(begin, end - 1),
      })),
    );
    window.folioEarlyContent = {
      url: url.href,
      head,
      tail,
      ranges,
      abort: () => {
        contentController.abort();
      },
    };
    return Promise.all([
      whole(head),
      whole(tail),
      ranges.then((asked) => Promise.all(asked.map((range) => whole(range.response)))),
    ]).catch(() => undefined);
  };
  // The stage (stage/) draws page 1 with pdf.js when the PDF's ranges are asked for with no
  // preview to show first, at the document's start (docs/decisions/2026-12-07-boot-draws-page-one.md).
  const stage = withStage ? openEarlyStage() : { decide: () => undefined };
  const askContent = (body: Body, staged = false) => {
    let asked: Promise<unknown> | undefined;
    try {
      asked = askContentOf(body);
    } catch {
      // byteSource.ts asks for them itself.
    }
    const content = window.folioEarlyContent as { url?: string } | undefined;
    const atStart = view.page === undefined && view.zoom === undefined;
    stage.decide(
      staged && atStart && asked !== undefined && content?.url !== undefined
        ? { url: content.url, answer: body }
        : undefined,
    );
    return asked;
  };

  // Page 1's preview (contracts §3 `previews`), asked for the moment the answer names it, at the
  // width the app's first layout asks for; the first frame draws it (firstFrame/).
  const previewController = new AbortController();
  const early: EarlyRequests = { serverDrawing: () => undefined };
  const earlyPreview: { preview?: Promise<unknown>; declined?: boolean; abort: () => void } = {
    abort: () => {
      previewController.abort();
    },
  };
  earlyPreview.preview = response
    .then((first) => (first.ok ? (first.clone().json() as Promise<Body>) : undefined))
    .then((body) => {
      answered(viewOf(body));
      const offered = offeredPreview(body);
      // A link to another page or zoom first shows another image: the app asks for it.
      if (!offered || view.page !== undefined || view.zoom !== undefined) {
        void askContent(body, true);
        return undefined;
      }
      // Near the server, a preview it has still to draw comes no sooner than pdf.js's page, and
      // drawing it takes cores pdf.js needs: none is asked for, and the app shows none this time
      // (docs/decisions/2026-11-28-near-cold-preview.md).
      if (Array.isArray(offered.drawn) && !offered.drawn.includes(offered.width)) {
        if (nearServer()) {
          earlyPreview.declined = true;
          void askContent(body, true);
          return undefined;
        }
      }
      // The first frame shows page 1's preview: the stage draws nothing.
      stage.decide(undefined);
      const url = new URL(previewImageUrl(offered, 1, offered.width), api).href;
      const image = quietFetch(url, {
        signal: previewController.signal,
        headers: authorization,
        credentials,
      });
      void whole(image).then(() => askContent(body));
      // The link is idle while the server draws the preview: the PDF then.
      early.serverDrawing = () => {
        void askContent(body);
      };
      return { url, response: image, answer: body };
    })
    .catch(() => {
      answered(undefined);
      stage.decide(undefined);
      return undefined;
    });
  window.folioEarlyPreview = earlyPreview;
  return early;
}
