import { pdfjs, resourceUrl, sharedWorker } from './pdfjs';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from './pdfjs';
import { isPhoneLike } from './device';

/** Why a document could not be opened, in terms the reader's message is chosen by. */
export type OpenFailure =
  | { kind: 'invalid' } // corrupt, truncated, empty, or not a PDF at all
  | { kind: 'unavailable'; status?: number } // the content URL answered an error
  | { kind: 'network' }
  | { kind: 'passwordCancelled' };

export type PasswordAsk = (reason: 'needed' | 'incorrect') => Promise<string | null>;

export interface OpenOptions {
  onProgress?: (loaded: number, total: number) => void;
  /** Asked for a password; null cancels. The password goes to pdf.js only, never logged. */
  askPassword: PasswordAsk;
}

export interface OpenedDocument {
  task: PDFDocumentLoadingTask;
  promise: Promise<PDFDocumentProxy>;
  /**
   * Who hears of its progress and answers its password questions. An open started before its
   * viewer (earlyOpen.ts) gets them later: a question asked before then waits for them.
   */
  attach: (options: OpenOptions) => void;
}

/** Bounded resources (contracts §6): no single image or canvas may take the tab down. */
const MAX_IMAGE_PIXELS = 100_000_000;

export function openDocument(url: string): OpenedDocument {
  const phone = isPhoneLike();
  const task = pdfjs.getDocument({
    url,
    worker: sharedWorker(),
    // pdf.js ≥ 5 has no eval path at all (the option was removed); our CSP has no unsafe-eval.
    enableXfa: false,
    cMapUrl: resourceUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: resourceUrl('standard_fonts'),
    wasmUrl: resourceUrl('wasm'),
    iccUrl: resourceUrl('iccs'),
    maxImageSize: MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: phone ? 5_242_880 * 4 : -1,
    // Range-first (docs/decisions/2026-11-25-range-first.md): pdf.js cancels its whole-file
    // request once the server says it takes ranges, asks for the ranges page 1 needs, then fetches
    // the rest in the background (auto-fetch), which print and search need.
    disableRange: false,
    disableStream: true,
    disableAutoFetch: false,
  });
  let cancelled = false;
  let listener: OpenOptions | undefined;
  let unanswered: (() => void) | undefined;
  task.onPassword = (update: (password: string) => void, reason: number) => {
    const why = reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD ? 'incorrect' : 'needed';
    const ask = (options: OpenOptions) => {
      void options.askPassword(why).then((password) => {
        if (password === null) {
          cancelled = true;
          void task.destroy();
        } else {
          update(password);
        }
      });
    };
    if (listener) ask(listener);
    else
      unanswered = () => {
        if (listener) ask(listener);
      };
  };
  task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
    listener?.onProgress?.(loaded, total);
  };
  const promise = task.promise.catch((error: unknown) => {
    throw cancelled ? new OpenError({ kind: 'passwordCancelled' }) : new OpenError(classify(error));
  });
  const attach = (options: OpenOptions) => {
    listener = options;
    const ask = unanswered;
    unanswered = undefined;
    ask?.();
  };
  return { task, promise, attach };
}

export class OpenError extends Error {
  readonly failure: OpenFailure;
  constructor(failure: OpenFailure) {
    super(`The document could not be opened (${failure.kind}).`);
    this.name = 'OpenError';
    this.failure = failure;
  }
}

function classify(error: unknown): OpenFailure {
  if (error instanceof pdfjs.ResponseException) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' && status > 0
      ? { kind: 'unavailable', status }
      : { kind: 'network' };
  }
  // InvalidPDFException, and anything else pdf.js throws while parsing (unknown structure, bad
  // xref…): a broken file.
  return { kind: 'invalid' };
}
